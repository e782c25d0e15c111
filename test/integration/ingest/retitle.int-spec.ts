// `folio retitle` on the real Neo4j: a document stored with a title from an earlier rule (its EDGAR-style
// metadata id, or an internal metadata name the cover does not bear) gets the current rule's title from its stored
// PDF; --dry-run changes nothing; unknown ids fail.
import { DocumentErrorCode } from '../../../src/document/document.errors';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { createIngestContext, type IngestContext, uniqueCopy } from '../../support/ingest-context';
import { makeStructuredPdf } from '../../support/make-structured-pdf';

describe('retitle', () => {
  let ctx: IngestContext;
  let docId: string;
  let coverDocId: string;

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-retitle`;
    const pdf = await makeStructuredPdf(
      [
        [
          { type: 'heading', text: 'Harbour Annual Review', size: 26 },
          { type: 'paragraph', text: 'The harbour had a good year. Traffic grew and costs fell.' },
        ],
      ],
      { metadataTitle: '0001065280-16-000006' },
    );
    await ctx.ingest.ingest(uniqueCopy(pdf), { fileName: 'harbour.pdf', docId });
    coverDocId = `${ctx.runId}-retitle-cover`;
    const covered = await makeStructuredPdf(
      [
        [
          { type: 'heading', text: 'Ferry Services Review', size: 26 },
          { type: 'heading', text: 'Second Edition', size: 22 },
          { type: 'paragraph', text: 'Crossings ran on time. Fares held steady through the winter.' },
        ],
      ],
      { metadataTitle: 'FSR AR FY15 - FINAL' },
    );
    await ctx.ingest.ingest(uniqueCopy(covered), { fileName: 'ferry.pdf', docId: coverDocId });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.ingest.deleteDocument(coverDocId).catch(() => undefined);
    await ctx.close();
  });

  const storedTitle = async () => (await ctx.module.get(IngestRepository).findDocument(docId))?.title;

  it('ingestion already skips an id-like metadata title for the first page heading', async () => {
    expect(await storedTitle()).toBe('Harbour Annual Review');
  });

  it('replaces a title stored by an earlier rule; a dry run only reports it', async () => {
    await ctx.module.get(IngestRepository).setTitle(docId, '0001065280-16-000006');
    expect(await ctx.ingest.retitle(docId, { dryRun: true })).toEqual({
      before: '0001065280-16-000006',
      after: 'Harbour Annual Review',
    });
    expect(await storedTitle()).toBe('0001065280-16-000006');
    await ctx.ingest.retitle(docId);
    expect(await storedTitle()).toBe('Harbour Annual Review');
  });

  it('prefers the cover’s title block to a metadata title that does not hold its words, at ingest and on retitle', async () => {
    const stored = async () => (await ctx.module.get(IngestRepository).findDocument(coverDocId))?.title;
    expect(await stored()).toBe('Ferry Services Review Second Edition');
    await ctx.module.get(IngestRepository).setTitle(coverDocId, 'FSR AR FY15 - FINAL');
    expect(await ctx.ingest.retitle(coverDocId)).toEqual({
      before: 'FSR AR FY15 - FINAL',
      after: 'Ferry Services Review Second Edition',
    });
  });

  it('fails with DOCUMENT_NOT_FOUND for an unknown id', async () => {
    await expect(ctx.ingest.retitle(`${ctx.runId}-missing`)).rejects.toMatchObject({
      code: DocumentErrorCode.DOCUMENT_NOT_FOUND,
    });
  });
});
