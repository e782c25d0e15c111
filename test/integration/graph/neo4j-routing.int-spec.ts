import { loadConfig } from '../../../src/config/folio-config';
import { createIngestContext, IngestContext } from '../../support/ingest-context';
import { makeTextPdf } from '../../support/make-pdf';

// NEO4J_URI=neo4j://… (the driver's routing scheme, what a cluster or Aura needs) against the single local server:
// reads go out with READ routing and writes with WRITE routing, and one bookmark manager makes a search right after
// an ingestion see the document it wrote.
describe('NEO4J_URI with the neo4j:// routing scheme', () => {
  let ctx: IngestContext;
  const docIds: string[] = [];

  beforeAll(async () => {
    const config = loadConfig();
    const uri = config.neo4j.uri.replace(/^bolt:/, 'neo4j:');
    expect(uri.startsWith('neo4j://')).toBe(true);
    // No read timeout: this checks routing and bookmarks, not speed on a loaded machine.
    ctx = await createIngestContext({ neo4j: { ...config.neo4j, uri, readTimeoutMs: 0 } });
  });

  afterAll(async () => {
    for (const id of docIds) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await ctx?.close();
  });

  it('ingests a document and finds it by searching at once, in the same process', async () => {
    const phrase = `${ctx.runId} lighthouse keepers log the fog signal every hour`;
    const bytes = await makeTextPdf([[`${phrase}.`], ['A second page about the harbour pilots.']]);
    const { document } = await ctx.ingest.ingest(bytes, { fileName: 'routed.pdf' });
    docIds.push(document.id);
    const result = await ctx.retrieve.search({
      query: 'How often do lighthouse keepers log the fog signal?',
      strategy: 'HYBRID',
      scope: { docIds: [document.id] },
      k: 3,
    });
    expect(result.pages[0]).toMatchObject({ docId: document.id, pageNumber: 1 });
  });
});
