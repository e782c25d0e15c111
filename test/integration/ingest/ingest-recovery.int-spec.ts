// Crash consistency of ingestion on the real Neo4j: a write cut short by Neo4j going away is cleaned up once it
// answers again, and an ingestion whose process stopped can be deleted at once.
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../../src/config/folio-config';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { GraphErrorCode } from '../../../src/graph/graph.errors';
import { IngestErrorCode } from '../../../src/ingest/ingest.errors';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { documentIdFor } from '../../../src/ingest/document-id';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../../support/ingest-context';
import { TcpProxy } from '../../support/tcp-proxy';
import { testCypher } from '../../support/test-cypher';

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
      .write(testCypher().get('ingest/test-age-heartbeats'), { docId, jobId: '', ageMs });

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

describe('a final commit whose answer is lost (Neo4j stops right after it)', () => {
  const config = loadConfig();
  const target = new URL(config.neo4j.uri);
  const proxy = new TcpProxy(Number(target.port || 7687), target.hostname);
  // A short staleness rule bounds how long the failed ingestion waits to read its document back.
  const staleAfterMs = 8000;
  let ctx: IngestContext;
  let repo: IngestRepository;
  const docIds: string[] = [];
  beforeAll(async () => {
    await proxy.start();
    ctx = await createIngestContext({
      neo4j: { ...config.neo4j, uri: proxy.url },
      heartbeat: { intervalMs: 1000, staleAfterMs },
    });
    repo = ctx.module.get(IngestRepository);
  });
  afterAll(async () => {
    for (const id of docIds) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await ctx.close();
    await proxy.stop();
  });

  /** markReady commits, then Neo4j goes away before the answer: the client sees NEO4J_UNAVAILABLE. */
  const loseTheReadyAnswer = (backAfterMs: number | null) => {
    const state = { back: Promise.resolve(), stoppedAt: 0 };
    const spy = jest.spyOn(repo, 'markReady').mockImplementationOnce(async (id, stats) => {
      const markReady = IngestRepository.prototype.markReady.bind(repo);
      await markReady(id, stats);
      await proxy.stop();
      state.stoppedAt = Date.now();
      if (backAfterMs !== null) state.back = sleep(backAfterMs).then(() => proxy.start());
      return markReady(id, stats);
    });
    return { spy, state };
  };

  it('keeps the READY document and returns it once Neo4j answers again', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const { docId } = documentIdFor(bytes);
    docIds.push(docId);
    const lost = loseTheReadyAnswer(2500);
    try {
      const result = await ctx.ingest.ingest(bytes, { fileName: 'lost-answer.pdf' });
      expect(lost.state.stoppedAt).toBeGreaterThan(0);
      expect(result.document).toMatchObject({ id: docId, status: 'READY' });
      expect(await repo.findDocument(docId)).toMatchObject({ status: 'READY' });
      expect((await ctx.counts(docId)).nodes).toMatchObject({ Document: 1, Page: 4 });
    } finally {
      lost.spy.mockRestore();
      await lost.state.back;
    }
  });

  it('gives up within the bound, saying what state the document may be in, when Neo4j stays away', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const { docId } = documentIdFor(bytes);
    docIds.push(docId);
    const lost = loseTheReadyAnswer(null);
    try {
      const error = await errorOf(ctx.ingest.ingest(bytes, { fileName: 'lost-answer.pdf' }));
      const waitedMs = Date.now() - lost.state.stoppedAt;
      expect(error.code).toBe(GraphErrorCode.NEO4J_UNAVAILABLE);
      expect(error.message).toContain(`Document ${docId}: state unknown`);
      expect(error.message).toMatch(/either READY .* or half-written and never served/);
      // The bound (the staleness rule here, 30 s at most) plus the driver's own retry of the lost write.
      expect(waitedMs).toBeLessThan(staleAfterMs + 5000);
    } finally {
      lost.spy.mockRestore();
      await proxy.start();
    }
    // The commit had landed: the document is READY and whole, and nothing removed it.
    expect(await repo.findDocument(docId)).toMatchObject({ status: 'READY' });
    expect((await ctx.counts(docId)).nodes).toMatchObject({ Document: 1, Page: 4 });
  });
});
