// Crash consistency of ingestion on the real Neo4j: a write cut short by Neo4j going away is cleaned up once it
// answers again, and an ingestion whose process stopped can be deleted at once.
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../../src/config/folio-config';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { GraphErrorCode } from '../../../src/graph/graph.errors';
import { IngestErrorCode } from '../../../src/ingest/ingest.errors';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { documentIdFor } from '../../../src/ingest/ingest.service';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../../support/ingest-context';
import { TcpProxy } from '../../support/tcp-proxy';

const errorOf = (p: Promise<unknown>): Promise<{ code?: string; message: string }> =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: { code?: string; message: string }) => e,
  );

describe('deleteDocument of an ingestion in progress', () => {
  let ctx: IngestContext;
  let repo: IngestRepository;
  beforeAll(async () => {
    ctx = await createIngestContext();
    repo = ctx.module.get(IngestRepository);
  });
  afterAll(async () => ctx.close());

  const claim = (id: string) =>
    repo.createDocument({ id, title: 't', fileName: 'x.pdf', sha256: 'f'.repeat(64), pageCount: 1 });
  const ageHeartbeat = (docId: string, ageMs: number) =>
    ctx.module
      .get(GraphExecutor)
      .write(ctx.module.get(CypherRegistry).get('ingest/test-age-heartbeats'), { docId, jobId: '', ageMs });

  it('is refused while the ingestion reports (another request is writing it)', async () => {
    const docId = `${ctx.runId}-live`;
    await claim(docId);
    try {
      await expect(ctx.ingest.deleteDocument(docId)).rejects.toMatchObject({
        code: IngestErrorCode.DOCUMENT_BUSY,
      });
    } finally {
      await repo.deleteDocument(docId);
    }
  });

  it('works at once when the heartbeat is older than the staleness rule (its process stopped)', async () => {
    const docId = `${ctx.runId}-stale`;
    await claim(docId);
    await ageHeartbeat(docId, ctx.config.heartbeat.staleAfterMs + 60_000);
    await ctx.ingest.deleteDocument(docId);
    expect(await repo.findDocument(docId)).toBeNull();
  });
});

describe('a write cut short by Neo4j going away', () => {
  const config = loadConfig();
  const target = new URL(config.neo4j.uri);
  const proxy = new TcpProxy(Number(target.port || 7687), target.hostname);
  let ctx: IngestContext;
  beforeAll(async () => {
    await proxy.start();
    ctx = await createIngestContext({ neo4j: { ...config.neo4j, uri: proxy.url } });
  });
  afterAll(async () => {
    await ctx.close();
    await proxy.stop();
  });

  it('is cleaned up once Neo4j answers again: nothing of the document is left', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const { docId } = documentIdFor(bytes);
    const repo = ctx.module.get(IngestRepository);
    let halfWritten: Awaited<ReturnType<IngestContext['counts']>> | undefined;
    let neo4jBack: Promise<void> = Promise.resolve();
    const writeGraph = jest.spyOn(repo, 'writeGraph').mockImplementationOnce(async (id, rows, onBatch) => {
      const write = IngestRepository.prototype.writeGraph.bind(repo);
      const noLinks = { nextElements: [], captions: [], sectionElements: [] };
      await write(
        id,
        { ...rows, ...noLinks, refsToElements: [], refsToSections: [], refsToPages: [] },
        onBatch,
      );
      halfWritten = await ctx.counts(docId);
      await proxy.stop(); // Neo4j dies mid-write…
      try {
        await write(id, rows, onBatch);
      } finally {
        // …and comes back only after the clean-up's first attempt has failed (the driver gives up after ~1–3.6 s).
        neo4jBack = sleep(6000).then(() => proxy.start());
      }
    });
    const lookups = jest.spyOn(repo, 'findDocument');
    try {
      const error = await errorOf(ctx.ingest.ingest(bytes, { fileName: 'half.pdf' }));
      await neo4jBack;
      expect(error.code).toBe(GraphErrorCode.NEO4J_UNAVAILABLE);
      expect(halfWritten?.nodes).toMatchObject({ Document: 1, Page: 4 });
      expect(lookups.mock.calls.length).toBeGreaterThanOrEqual(3); // the ingest's own, then ≥ 2 clean-up attempts
      expect(await ctx.counts(docId)).toEqual({ nodes: {}, relationships: {} });
    } finally {
      lookups.mockRestore();
      writeGraph.mockRestore();
      await neo4jBack;
      await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    }
  });
});
