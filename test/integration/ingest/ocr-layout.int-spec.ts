import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  BBox,
  DocumentModel,
  LayoutElement,
  ParsedPage,
  ParsedPdf,
} from '../../../src/document/document-model';
import { analyzeLayout } from '../../../src/ingest/layout/analyze-layout';
import { ocrPdfPageLayout } from '../../../src/ingest/ocr/ocr-page';
import { PaddleOcr } from '../../../src/ingest/ocr/paddle-ocr';
import { parsePdf } from '../../../src/ingest/pdf/pdf-parser';

// OCR lines → layout elements, with real PaddleOCR inference and no Neo4j. A synthetic scan: page 2 of the
// born-digital sample report rendered to pixels and read back by OCR alone (no text layer, no vector rules, no
// PDF images), so the elements it must yield are the ones layout finds on the born-digital page.
const FIXTURES = join(__dirname, '..', '..', 'fixtures');
const SAMPLE_REPORT = join(FIXTURES, 'pdf', 'sample-report.pdf');
const SCANNED_SLIDE = join(FIXTURES, 'ocr', 'scanned-page.pdf');

function area(b: BBox): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

function intersection(a: BBox, b: BBox): number {
  return area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

function iou(a: BBox, b: BBox): number {
  const i = intersection(a, b);
  return i / (area(a) + area(b) - i);
}

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9@]/g, '');

/** The running header and footer of the report: a single page cannot show that they repeat. */
const RUNNING = /^(Folio Sample Report - Graph Retrieval|Page \d of 4$)/;

/** The body of a page: its elements without the running header and footer. */
function body(model: DocumentModel, pageNumber: number): LayoutElement[] {
  return model.elements.filter(
    (e) =>
      e.pageNumber === pageNumber &&
      e.kind !== 'page-header' &&
      e.kind !== 'page-footer' &&
      !RUNNING.test(e.text),
  );
}

/** The page as a scanner would deliver it: OCR text and the figures found in its pixels, nothing else. */
async function scanOf(bytes: Uint8Array, page: ParsedPage, engine: PaddleOcr): Promise<ParsedPage> {
  const { items, figures } = await ocrPdfPageLayout(bytes, page.number, page.width, page.height, { engine });
  const fullPage: BBox = [0, 0, page.width, page.height];
  return {
    ...page,
    items,
    images: [{ bbox: fullPage }],
    rules: [],
    graphics: [],
    hasTextLayer: false,
    scanFigures: figures,
  };
}

describe('OCR lines laid out like born-digital text (real PaddleOCR)', () => {
  let engine: PaddleOcr;
  let bornDigital: DocumentModel;
  let scanned: DocumentModel;
  let slide: DocumentModel;

  beforeAll(async () => {
    engine = await PaddleOcr.load({ threads: 2 });
    const bytes = new Uint8Array(readFileSync(SAMPLE_REPORT));
    const parsed = await parsePdf(bytes);
    const page2 = parsed.pages[1] as ParsedPage;
    const onePage = (page: ParsedPage): ParsedPdf => ({
      pageCount: 2,
      title: null,
      outline: [],
      pages: [page],
    });
    bornDigital = analyzeLayout(onePage(page2));
    scanned = analyzeLayout(onePage(await scanOf(bytes, page2, engine)));

    const slideBytes = new Uint8Array(readFileSync(SCANNED_SLIDE));
    const slidePage = (await parsePdf(slideBytes)).pages[0] as ParsedPage;
    slide = analyzeLayout({
      pageCount: 1,
      title: null,
      outline: [],
      pages: [await scanOf(slideBytes, slidePage, engine)],
    });
  });

  afterAll(async () => {
    await engine.close();
  });

  it('finds the same sequence of element kinds as on the born-digital page', () => {
    const kinds = (model: DocumentModel): string[] => body(model, 2).map((e) => e.kind);
    expect(kinds(bornDigital)).toEqual([
      'heading',
      'paragraph',
      'caption',
      'table',
      'paragraph',
      'figure',
      'caption',
    ]);
    expect(kinds(scanned)).toEqual(kinds(bornDigital));
    for (const element of scanned.elements) expect(element.source).toBe('ocr');
  });

  it('reads the same words into each text element, at the same place', () => {
    const pairs = body(scanned, 2).map((e, k) => [e, body(bornDigital, 2)[k] as LayoutElement] as const);
    for (const [scan, born] of pairs.filter(([e]) => e.kind !== 'figure')) {
      expect(squash(scan.text)).toBe(squash(born.text));
      // OCR boxes carry the detector's padding: a point or two around the ink.
      expect(iou(scan.bbox, born.bbox)).toBeGreaterThan(0.6);
    }
  });

  it('keeps the heading a heading (bold measured from the pixels) and builds its section', () => {
    const heading = body(scanned, 2)[0];
    expect(heading).toMatchObject({ kind: 'heading', text: '2.1 Data', headingLevel: 2 });
    expect(scanned.sections.map((s) => s.title)).toEqual(['2.1 Data']);
  });

  it('rebuilds the table grid from OCR lines alone (no ruling lines in a scan)', () => {
    const table = body(scanned, 2).find((e) => e.kind === 'table');
    const born = body(bornDigital, 2).find((e) => e.kind === 'table');
    expect(table?.description).toContain('| Method | Recall@3 | Latency (ms) |');
    expect(table?.description).toContain('| Graph walk + rerank | 0.75 | 410 |');
    expect(table?.description?.split('\n')).toHaveLength(born?.description?.split('\n').length ?? -1);
  });

  it('finds the figure as a region of the scan with its own bbox, and links both captions', () => {
    const figure = body(scanned, 2).find((e) => e.kind === 'figure');
    const born = body(bornDigital, 2).find((e) => e.kind === 'figure');
    if (!figure || !born) throw new Error('no figure');
    // The born-digital figure is the embedded PNG with its white margin; the scan sees only the drawn boxes.
    expect(intersection(figure.bbox, born.bbox)).toBeGreaterThan(area(figure.bbox) * 0.95);
    expect(area(figure.bbox)).toBeGreaterThan(area(born.bbox) * 0.25);
    expect(area(figure.bbox)).toBeLessThan(612 * 792 * 0.1);
    const captions = body(scanned, 2).filter((e) => e.kind === 'caption');
    const table = body(scanned, 2).find((e) => e.kind === 'table');
    expect(captions.map((c) => c.captionOf)).toEqual([table?.key, figure.key]);
  });

  it('lays out a scanned slide: its title is a level-1 heading and a section, the scan is no figure', () => {
    expect(slide.elements.filter((e) => e.kind === 'figure' || e.kind === 'chart')).toEqual([]);
    const [title] = slide.elements;
    expect(title).toMatchObject({ kind: 'heading', text: 'GRAPH RETRIEVAL WORKS', headingLevel: 1 });
    expect(slide.elements.filter((e) => e.kind === 'heading')).toHaveLength(1);
    expect(slide.sections.map((s) => [s.title, s.level, s.pageStart])).toEqual([
      ['GRAPH RETRIEVAL WORKS', 1, 1],
    ]);
    const texts = slide.elements.map((e) => e.text);
    expect(texts).toContain('Pages link to pages');
    expect(texts).toContain('Sections hold elements');
    for (const element of slide.elements) expect(area(element.bbox)).toBeLessThan(720 * 405 * 0.2);
  });
});
