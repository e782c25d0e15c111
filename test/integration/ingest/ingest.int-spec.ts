// PDF → document graph on the real Neo4j with the real local embedder: what is written, what is reused,
// and that bad input leaves nothing behind.
import { DocumentErrorCode } from '../../../src/document/document.errors';
import { GraphError, GraphErrorCode } from '../../../src/graph/graph.errors';
import { IngestErrorCode } from '../../../src/ingest/ingest.errors';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { PageImageService } from '../../../src/ingest/page-image.service';
import { documentIdFor } from '../../../src/ingest/document-id';
import { PdfErrorCode } from '../../../src/ingest/pdf/pdf.errors';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../../support/ingest-context';

const errorOf = (p: Promise<unknown>): Promise<{ code?: string; message: string }> =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: { code?: string; message: string }) => e,
  );

describe('ingesting the sample report', () => {
  let ctx: IngestContext;
  let docId: string;
  const stages = new Set<string>();

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-sample`;
    const result = await ctx.ingest.ingest(fixture('pdf', 'sample-report.pdf'), {
      fileName: 'sample-report.pdf',
      docId,
      onProgress: (p) => stages.add(p.stage),
    });
    expect(result.reused).toBe(false);
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  it('stores a READY document with its pages, elements and sections, reporting each stage', async () => {
    const stored = await ctx.content.graphStats(docId);
    const nodes = Object.fromEntries(stored.nodes.map((n) => [n.label, n.count]));
    expect(nodes).toMatchObject({ Document: 1, Page: 4, Section: 5 });
    expect(nodes.Element).toBeGreaterThan(15);
    expect([...stages]).toEqual(['parse', 'layout', 'embed', 'write']); // no OCR: every page has text
  });

  it('writes the physical edges: HAS_PAGE, NEXT_PAGE, HAS_ELEMENT, NEXT_ELEMENT across pages, sections', async () => {
    const { nodes, relationships } = await ctx.counts(docId);
    expect(relationships.HAS_PAGE).toBe(4);
    expect(relationships.NEXT_PAGE).toBe(3);
    expect(relationships.HAS_ELEMENT).toBe(nodes.Element);
    expect(relationships.NEXT_ELEMENT).toBe(nodes.Element! - 1);
    expect(relationships.HAS_SECTION).toBe(4); // 1, 2, 3, Appendix A
    expect(relationships.HAS_SUBSECTION).toBe(1); // 2 > 2.1
    expect(relationships.CONTAINS).toBeGreaterThan(10);
    expect(relationships.CAPTIONS).toBe(2);
  });

  it('links captions and cross-references to what they name', async () => {
    const page2 = await ctx.content.pageElements(docId, 2, null);
    const table = page2.find((e) => e.kind === 'table')!;
    expect(table.description).toContain('| Method | Recall@3 | Latency (ms) |');
    const tableLinks = (await ctx.content.elementLinks(table.id))!;
    expect((await ctx.content.element(tableLinks.captionId!))!.text).toMatch(/^Table 1:/);
    const referrers = await ctx.content.elements(tableLinks.referredByIds);
    expect(referrers.some((e) => /see Table 1/.test(e.text))).toBe(true);

    const page1 = await ctx.content.pageElements(docId, 1, ['paragraph']);
    const mentioning = page1.find((e) => e.text.includes('Section 2.1'))!;
    const refs = (await ctx.content.elementLinks(mentioning.id))!.refersTo;
    expect(refs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mention: 'Section 2.1', label: 'Section' }),
        expect.objectContaining({ mention: 'page 4', label: 'Page', id: `${docId}:p4` }),
      ]),
    );
  });

  it('reads the two-column page in column order', async () => {
    const page3 = (await ctx.content.page(docId, 3))!;
    const at = (s: string) => page3.text.indexOf(s);
    expect(at('ALPHA-LEFT')).toBeLessThan(at('OMEGA-LEFT'));
    expect(at('OMEGA-LEFT')).toBeLessThan(at('ALPHA-RIGHT'));
  });

  it('gives sections their outline page ranges and elements', async () => {
    const sections = await ctx.content.sections(docId);
    expect(sections.map((s) => [s.path, s.pageStart, s.pageEnd])).toEqual([
      ['1 Introduction', 1, 1],
      ['2 Methods', 1, 2],
      ['2 Methods > 2.1 Data', 2, 2],
      ['3 Results', 3, 3],
      ['Appendix A', 4, 4],
    ]);
    const data = await ctx.content.sectionElements(sections[2]!.id);
    expect(data.map((e) => e.kind)).toEqual(expect.arrayContaining(['table', 'caption']));
  });
});

describe('the same bytes, replace, concurrency and delete', () => {
  let ctx: IngestContext;
  beforeAll(async () => {
    ctx = await createIngestContext();
  });
  afterAll(async () => ctx.close());

  it('returns the stored document for the same bytes, and re-ingests with replace', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const { docId } = documentIdFor(bytes);
    try {
      const first = await ctx.ingest.ingest(bytes, { fileName: 'a.pdf' });
      expect(first.document.id).toBe(docId);
      expect(first.document.status).toBe('READY');
      const again = await ctx.ingest.ingest(bytes, { fileName: 'a-renamed.pdf' });
      expect(again.reused).toBe(true);
      expect(again.document.id).toBe(docId);
      const before = await ctx.counts(docId);
      const replaced = await ctx.ingest.ingest(bytes, { fileName: 'a.pdf', replace: true });
      expect(replaced.reused).toBe(false);
      expect(await ctx.counts(docId)).toEqual(before); // replaced, not duplicated
    } finally {
      await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    }
  });

  it('ingests the same file twice at once into one document; the other request is told it is busy', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const { docId } = documentIdFor(bytes);
    try {
      const results = await Promise.allSettled([
        ctx.ingest.ingest(bytes, { fileName: 'x.pdf' }),
        ctx.ingest.ingest(bytes, { fileName: 'x.pdf' }),
      ]);
      const ok = results.filter((r) => r.status === 'fulfilled');
      const busy = results.filter((r) => r.status === 'rejected');
      expect(ok).toHaveLength(1);
      expect(busy).toHaveLength(1);
      expect((busy[0] as PromiseRejectedResult).reason).toMatchObject({
        code: IngestErrorCode.DOCUMENT_BUSY,
      });
      expect((await ctx.counts(docId)).nodes).toMatchObject({ Document: 1, Page: 4 });
    } finally {
      await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    }
  });

  it('deleteDocument removes the document and everything hanging off it, and nothing of another document', async () => {
    const keep = `${ctx.runId}-keep`;
    const drop = `${ctx.runId}-drop`;
    const bytes = fixture('pdf', 'sample-report.pdf');
    await ctx.ingest.ingest(bytes, { fileName: 'keep.pdf', docId: keep });
    await ctx.ingest.ingest(bytes, { fileName: 'drop.pdf', docId: drop });
    const keptBefore = await ctx.counts(keep);
    await ctx.ingest.deleteDocument(drop);
    expect(await ctx.counts(drop)).toEqual({ nodes: {}, relationships: {} });
    expect(await ctx.counts(keep)).toEqual(keptBefore);
    await expect(ctx.ingest.deleteDocument(drop)).rejects.toMatchObject({
      code: DocumentErrorCode.DOCUMENT_NOT_FOUND,
    });
    await ctx.ingest.deleteDocument(keep);
  });

  it('a write that fails half-way (Neo4j goes away) removes what it wrote', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const { docId } = documentIdFor(bytes);
    const repo = ctx.module.get(IngestRepository);
    const writeGraph = jest.spyOn(repo, 'writeGraph').mockImplementationOnce(async (id, rows, onBatch) => {
      // the real write of pages, elements and sections, then a failure
      await IngestRepository.prototype.writeGraph.call(
        repo,
        id,
        { ...rows, nextElements: [], captions: [] },
        onBatch,
      );
      throw new GraphError(GraphErrorCode.NEO4J_UNAVAILABLE, 'Neo4j is not reachable (test)');
    });
    try {
      const error = await errorOf(ctx.ingest.ingest(bytes, { fileName: 'half.pdf' }));
      expect(error.code).toBe(GraphErrorCode.NEO4J_UNAVAILABLE);
      expect(await ctx.counts(docId)).toEqual({ nodes: {}, relationships: {} });
    } finally {
      writeGraph.mockRestore();
    }
  });
});

describe('bad input gets a clear error and leaves nothing behind', () => {
  let ctx: IngestContext;
  beforeAll(async () => {
    ctx = await createIngestContext({ limits: { maxPages: 3, maxUploadBytes: 10_000_000 } });
  });
  afterAll(async () => ctx.close());

  const expectRejected = async (bytes: Uint8Array, code: string, opts: { password?: string } = {}) => {
    const { docId } = documentIdFor(bytes);
    const error = await errorOf(ctx.ingest.ingest(bytes, { fileName: 'bad.pdf', ...opts }));
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(20); // says what was wrong and what to do
    expect(await ctx.counts(docId)).toEqual({ nodes: {}, relationships: {} });
  };

  it('not a PDF', async () => {
    await expectRejected(
      new Uint8Array(Buffer.from('<html><body>Not found</body></html>')),
      PdfErrorCode.NOT_A_PDF,
    );
  });

  it('a truncated PDF', async () => {
    const bytes = fixture('pdf', 'sample-report.pdf');
    await expectRejected(bytes.slice(0, Math.floor(bytes.length / 3)), PdfErrorCode.CORRUPT_PDF);
  });

  it('an encrypted PDF without, and with a wrong, password; with the right one it ingests', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'encrypted.pdf'));
    await expectRejected(bytes, PdfErrorCode.ENCRYPTED_PDF_PASSWORD_REQUIRED);
    await expectRejected(bytes, PdfErrorCode.ENCRYPTED_PDF_WRONG_PASSWORD, { password: 'guess' });
    const ok = await ctx.ingest.ingest(bytes, { fileName: 'enc.pdf', password: 'folio-secret' });
    expect(ok.document.status).toBe('READY');
    // The password is not kept, so its page images cannot be rendered: a typed error that says so (not a 500).
    await expect(ctx.module.get(PageImageService).render(ok.document.id, 1)).rejects.toMatchObject({
      code: IngestErrorCode.PAGE_IMAGE_UNAVAILABLE,
      message: expect.stringMatching(/password is not kept/),
    });
    await ctx.ingest.deleteDocument(ok.document.id);
  });

  it('more pages than the configured limit', async () => {
    await expectRejected(uniqueCopy(fixture('pdf', 'sample-report.pdf')), PdfErrorCode.TOO_MANY_PAGES);
  });

  it('a PDF with zero pages', async () => {
    await expectRejected(new Uint8Array(Buffer.from(zeroPagePdf())), PdfErrorCode.NO_PAGES);
  });

  it('an unknown document id', async () => {
    await expect(ctx.ingest.deleteDocument('no-such-document')).rejects.toMatchObject({
      code: DocumentErrorCode.DOCUMENT_NOT_FOUND,
    });
  });
});

/** A syntactically valid PDF whose page tree is empty. */
function zeroPagePdf(): string {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}
