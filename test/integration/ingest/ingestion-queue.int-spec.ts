import { ABANDONED_JOB_CODE } from '../../../src/common/background-jobs';
import { loadConfig } from '../../../src/config/folio-config';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { IngestErrorCode } from '../../../src/ingest/ingest.errors';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { documentIdFor } from '../../../src/ingest/document-id';
import { IngestionJobService } from '../../../src/ingest/ingestion-job.service';
import { InlineIngestionRunner } from '../../../src/ingest/ingestion-runner';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../../support/ingest-context';
import { testCypher } from '../../support/test-cypher';

// Ingestion as work items on the in-process queue, against the real Neo4j: with FOLIO_INGEST_CONCURRENCY=1 one
// upload runs and the others wait QUEUED (stored, with heartbeats); the same bytes again are refused at once; a
// stopping process fails the queued jobs it never started, and a killed one's are failed by the next start.
describe('the ingestion queue (concurrency 1)', () => {
  let ctx: IngestContext;
  let jobs: IngestionJobService;
  let repo: IngestRepository;
  const docIds: string[] = [];

  beforeAll(async () => {
    ctx = await createIngestContext({ ingest: { ...loadConfig().ingest, concurrency: 1 } });
    jobs = ctx.module.get(IngestionJobService);
    repo = ctx.module.get(IngestRepository);
  });
  afterAll(async () => {
    await jobs.drain();
    for (const id of docIds) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await ctx.close();
  });

  it('runs one upload at a time, keeps the rest QUEUED, refuses the same bytes at once, and fails the queued ones on stop', async () => {
    const uploads = [0, 1, 2].map(() => uniqueCopy(fixture('pdf', 'sample-report.pdf')));
    docIds.push(...uploads.map((b) => documentIdFor(b).docId));
    const started = [];
    for (const [i, bytes] of uploads.entries())
      started.push(await jobs.start(bytes, { fileName: `queue-${i}.pdf` }));
    const [first, second, third] = started.map((j) => j.id) as [string, string, string];

    // The same bytes as a queued upload: DOCUMENT_BUSY before anything is parsed or stored.
    await expect(jobs.start(uploads[1]!, { fileName: 'again.pdf' })).rejects.toMatchObject({
      code: IngestErrorCode.DOCUMENT_BUSY,
    });
    expect(ctx.module.get(InlineIngestionRunner).queued).toBe(2);
    for (const id of [second, third]) expect(await jobs.get(id)).toMatchObject({ status: 'QUEUED' });

    // The process stops: the jobs it never started are FAILED with the reason; the running one finishes.
    await ctx.module.get(InlineIngestionRunner).beforeApplicationShutdown();
    for (const id of [second, third]) {
      expect(await jobs.get(id)).toMatchObject({
        status: 'FAILED',
        errorCode: ABANDONED_JOB_CODE,
        error: expect.stringContaining('stopped before it started'),
      });
    }
    await jobs.drain();
    expect(await jobs.get(first)).toMatchObject({ status: 'SUCCEEDED', docId: docIds[0] });
    expect(await repo.findDocument(docIds[1]!)).toBeNull();
    expect(await repo.findDocument(docIds[2]!)).toBeNull();
    expect((await ctx.counts(docIds[0]!)).nodes).toMatchObject({ Document: 1, Page: 4 });
  });

  it('a job left QUEUED by a killed process reads FAILED once stale, and the next start stores it so', async () => {
    const jobId = `${ctx.runId}-queued`;
    await repo.jobs.save({
      id: jobId,
      status: 'QUEUED',
      fileName: 'killed.pdf',
      stage: null,
      done: 0,
      total: 0,
      docId: null,
      error: null,
      errorCode: null,
    });
    await ctx.module.get(GraphExecutor).write(testCypher().get('ingest/test-age-heartbeats'), {
      docId: null,
      jobId,
      ageMs: ctx.config.heartbeat.staleAfterMs + 60_000,
    });
    expect(await jobs.get(jobId)).toMatchObject({ status: 'FAILED', errorCode: ABANDONED_JOB_CODE });
    expect(await jobs.failAbandonedJobs()).toContain(jobId); // what the API start runs
    expect(await repo.jobs.get(jobId)).toMatchObject({
      status: 'FAILED',
      errorCode: ABANDONED_JOB_CODE,
      error: expect.stringContaining('The process that ran this job stopped'),
    });
  });
});
