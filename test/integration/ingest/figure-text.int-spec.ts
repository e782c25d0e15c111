import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../support/make-pdf';
import type { BBox } from '../../../src/document/document-model';
import { createIngestContext, FIXTURES, IngestContext } from '../../support/ingest-context';

// A born-digital page with a picture whose words exist only in its pixels (a diagram pasted as an image): the
// generated slide scan of the OCR fixtures placed under a paragraph of real text. Real pdf.js, PaddleOCR, layout,
// embedder and Neo4j: the picture's words must reach its figure element, the page text and a retrieval unit.

const PICTURE: BBox = [72, 200, 472, 425]; // 400 × 225 pt, the slide's 16:9

function pageWithPicture(png: Buffer): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'LETTER', autoFirstPage: false });
  doc.addPage().font('Helvetica').fontSize(12);
  doc.text('This report explains how the retrieval service was evaluated in the spring.', 72, 100, {
    width: 468,
  });
  doc.image(png, PICTURE[0], PICTURE[1], { width: PICTURE[2] - PICTURE[0], height: PICTURE[3] - PICTURE[1] });
  doc.text('The results are discussed on the following pages.', 72, 460, { width: 468 });
  return pdfBytes(doc);
}

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

describe('words inside a picture on a born-digital page (real OCR and Neo4j)', () => {
  let ctx: IngestContext;
  let docId: string;

  beforeAll(async () => {
    ctx = await createIngestContext();
    const bytes = await pageWithPicture(readFileSync(join(FIXTURES, 'ocr', 'scanned-page.png')));
    const result = await ctx.ingest.ingest(bytes, {
      fileName: 'picture-page.pdf',
      docId: `${ctx.runId}-picture`,
    });
    docId = result.document.id;
    expect(result.counts.ocrPages).toBe(0); // the page has a text layer: it is not a scan
  });

  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  it("puts the picture's words into its figure element, at the picture's place", async () => {
    const elements = await ctx.content.pageElements(docId, 1, null);
    const figure = elements.find((e) => e.kind === 'figure' || e.kind === 'chart');
    expect(figure).toBeDefined();
    for (const [k, v] of figure!.bbox.entries()) expect(Math.abs(v - PICTURE[k]!)).toBeLessThan(4);
    for (const line of ['GRAPH RETRIEVAL WORKS', 'Pages link to pages', 'Sections hold elements'])
      expect(squash(figure!.text)).toContain(squash(line));
    expect(figure!.description).toContain('Text in the');
    // The page's own text stays paragraphs of its own, outside the figure.
    const paragraphs = elements.filter((e) => e.kind === 'paragraph').map((e) => e.text);
    expect(paragraphs.join(' ')).toContain('how the retrieval service was evaluated');
    expect(squash(paragraphs.join(' '))).not.toContain(squash('Sections hold elements'));
  });

  it('makes the words searchable: the page text and a retrieval unit hold them', async () => {
    const page = await ctx.content.page(docId, 1);
    expect(squash(page!.text)).toContain(squash('Pages link to pages'));
    const result = await ctx.retrieve.search({
      query: 'Do sections hold elements?',
      strategy: 'HYBRID',
      scope: { docIds: [docId] },
      k: 1,
    });
    expect(result.pages[0]).toMatchObject({ docId, pageNumber: 1 });
    expect(squash(result.pages[0]!.elements.map((e) => e.text).join(' '))).toContain(
      squash('Sections hold elements'),
    );
  });
});
