import { IngestErrorCode } from '../../../src/ingest/ingest.errors';
import type { IngestProgress } from '../../../src/ingest/ingest.service';
import { PdfErrorCode } from '../../../src/ingest/pdf/pdf.errors';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../../support/ingest-context';

// Two ingestions that want the same document id, on the real Neo4j: the loser learns it before parsing anything,
// and an explicit id that another document has is refused instead of answered with that other document.
describe('ingestion conflicts', () => {
  let ctx: IngestContext;
  const docIds: string[] = [];

  beforeAll(async () => {
    ctx = await createIngestContext();
  });
  afterAll(async () => {
    for (const id of docIds) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await ctx.close();
  });

  it('the losing duplicate gets DOCUMENT_BUSY before it parses or embeds anything', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const stages: Array<IngestProgress['stage']> = [];
    const winner = ctx.ingest.ingest(bytes, { fileName: 'a.pdf' });
    const loser = ctx.ingest.ingest(bytes, { fileName: 'b.pdf', onProgress: (p) => stages.push(p.stage) });
    await expect(loser).rejects.toMatchObject({ code: IngestErrorCode.DOCUMENT_BUSY });
    const won = await winner;
    docIds.push(won.document.id);
    expect(stages).toEqual([]);
    expect((await ctx.counts(won.document.id)).nodes).toMatchObject({ Document: 1, Page: 4 });
  });

  it('refuses an explicit id that another document has (DOCUMENT_ID_TAKEN) and leaves that document alone', async () => {
    const id = `${ctx.runId}-taken`;
    docIds.push(id);
    await ctx.ingest.ingest(uniqueCopy(fixture('pdf', 'sample-report.pdf')), {
      fileName: 'first.pdf',
      docId: id,
    });
    const before = await ctx.counts(id);
    await expect(
      ctx.ingest.ingest(uniqueCopy(fixture('pdf', 'sample-report.pdf')), {
        fileName: 'other.pdf',
        docId: id,
      }),
    ).rejects.toMatchObject({
      code: IngestErrorCode.DOCUMENT_ID_TAKEN,
      message: expect.stringContaining('first.pdf'),
    });
    expect(await ctx.counts(id)).toEqual(before);
  });

  it('re-uploading stored encrypted bytes asks for the password again (no reuse without it)', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'encrypted.pdf'));
    const first = await ctx.ingest.ingest(bytes, { fileName: 'enc.pdf', password: 'folio-secret' });
    docIds.push(first.document.id);
    await expect(ctx.ingest.ingest(bytes, { fileName: 'enc.pdf' })).rejects.toMatchObject({
      code: PdfErrorCode.ENCRYPTED_PDF_PASSWORD_REQUIRED,
    });
    await expect(ctx.ingest.ingest(bytes, { fileName: 'enc.pdf', password: 'guess' })).rejects.toMatchObject({
      code: PdfErrorCode.ENCRYPTED_PDF_WRONG_PASSWORD,
    });
    const again = await ctx.ingest.ingest(bytes, { fileName: 'enc.pdf', password: 'folio-secret' });
    expect(again).toMatchObject({ reused: true, document: { id: first.document.id } });
  });
});
