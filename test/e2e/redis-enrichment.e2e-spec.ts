import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config/folio-config';
import { HttpApp, startHttpApp } from '../support/http-app';
import { createIngestContext, IngestContext } from '../support/ingest-context';
import { makeTextPdf } from '../support/make-pdf';
import { redis, startWorker, stopWorker, WorkerProcess } from '../support/redis-worker';
import { TcpProxy } from '../support/tcp-proxy';

// Enrichment jobs with both runners: inline (the API process runs them) and redis (a `folio worker` process takes
// them from their own queue on a real Redis the project's launcher starts, on this file's own port). The same
// lifecycle tests run against both; the queue's own behaviours (which worker takes what, permanent errors, Redis
// away, a worker killed mid-job) against redis. Each test enriches documents it ingested itself and deletes them.
const PORT = String(6340 + (process.pid % 50));
const LOCK_MS = '2000';
const PAGES = 3;
// Worker processes compile src/ and load models: minutes on a loaded machine.
jest.setTimeout(600_000);

interface EnrichmentJob {
  id: string;
  status: string;
  stage: string | null;
  done: number;
  total: number;
  attempts: number | null;
  errorCode: string | null;
}

const JOB_FIELDS = 'id status stage done total attempts errorCode';

describe('enrichment jobs, inline and on the Redis queue', () => {
  let ctx: IngestContext;
  const apps: HttpApp[] = [];
  const workers: WorkerProcess[] = [];
  const docIds: string[] = [];

  /** Ingests a small generated document of this run and returns its id. */
  const newDocument = async (label: string): Promise<string> => {
    const pages = Array.from({ length: PAGES }, (_, n) => [
      `${ctx.runId} ${label}, page ${n + 1}: the ferry timetable lists departures from the harbour.`,
      `Page ${n + 1} adds that winter sailings stop at the island pier twice a day.`,
    ]);
    const docId = `${ctx.runId}-${label}`;
    await ctx.ingest.ingest(await makeTextPdf(pages), { fileName: `${label}.pdf`, docId });
    docIds.push(docId);
    return docId;
  };

  const enrich = (http: HttpApp, id: string) =>
    http.graphql<{ enrichDocument: EnrichmentJob }>(
      `mutation($id: ID!) { enrichDocument(id: $id, stages: [SUMMARIES, SIMILAR]) { ${JOB_FIELDS} } }`,
      { id },
    );

  const readJob = async (http: HttpApp, id: string): Promise<EnrichmentJob> => {
    const res = await http.graphql<{ enrichmentJob: EnrichmentJob }>(
      `query($id: ID!) { enrichmentJob(id: $id) { ${JOB_FIELDS} } }`,
      { id },
    );
    expect(res.errors).toBeUndefined();
    return res.data!.enrichmentJob;
  };

  /** Polls until the job ends; every status it passed through, in order. */
  const waitForJob = async (http: HttpApp, id: string) => {
    const seen: string[] = [];
    for (let i = 0; i < 2400; i++) {
      const job = await readJob(http, id);
      if (seen.at(-1) !== job.status) seen.push(job.status);
      if (job.status === 'SUCCEEDED' || job.status === 'FAILED') return { job, seen };
      await sleep(250);
    }
    throw new Error(`enrichment job ${id} did not finish`);
  };

  const pageSummaries = async (docId: string) => (await ctx.counts(docId)).nodes.Summary ?? 0;

  beforeAll(async () => {
    expect(await redis('start', PORT)).toEqual({ code: 0, stderr: '' });
    ctx = await createIngestContext();
  });

  afterAll(async () => {
    for (const w of workers) await stopWorker(w);
    for (const id of docIds) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    for (const http of apps) await http.close();
    await ctx?.close();
    await redis('stop', PORT);
  });

  describe.each(['inline', 'redis'] as const)('runner %s', (runner) => {
    let http: HttpApp;

    beforeAll(async () => {
      http = await startHttpApp(
        loadConfig({ ...process.env, FOLIO_INGEST_RUNNER: runner, REDIS_PORT: PORT }),
      );
      apps.push(http);
      if (runner === 'redis') workers.push(await startWorker(PORT, {}, ['--queues', 'enrich']));
    }, 600_000);

    afterAll(async () => {
      if (runner === 'redis') await stopWorker(workers.pop());
    });

    it('a started enrichment is QUEUED, then SUCCEEDED with its stages written once', async () => {
      const docId = await newDocument(`life-${runner}`);
      const res = await enrich(http, docId);
      expect(res.errors).toBeUndefined();
      // Inline, a free slot may start the job before the mutation answers.
      expect(['QUEUED', 'RUNNING']).toContain(res.data!.enrichDocument.status);
      const { job, seen } = await waitForJob(http, res.data!.enrichDocument.id);
      expect(seen).not.toContain('FAILED');
      expect(job).toMatchObject({ status: 'SUCCEEDED', stage: 'DONE', errorCode: null });
      expect(job.done).toBe(job.total);
      // A queue worker counts its attempts; the in-process runner makes exactly one and records none.
      expect(job.attempts).toBe(runner === 'redis' ? 1 : null);
      const summaries = await pageSummaries(docId);
      expect(summaries).toBeGreaterThanOrEqual(PAGES);

      // Run again: the stages replace their output, nothing is added twice.
      const again = await enrich(http, docId);
      expect((await waitForJob(http, again.data!.enrichDocument.id)).job.status).toBe('SUCCEEDED');
      expect(await pageSummaries(docId)).toBe(summaries);
    });

    it('a document that is not stored is refused at once with NOT_FOUND, before any job exists', async () => {
      const res = await enrich(http, `${ctx.runId}-missing-${runner}`);
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });
  });

  // One sequence, to start few workers on a loaded machine: an enrich worker (through a slow proxy) takes a job and
  // is killed; while only an ingest worker runs, two more jobs wait; then a worker of both queues takes all three.
  describe('the Redis queue, its workers and faults', () => {
    let http: HttpApp;
    let proxy: TcpProxy;
    let ingestOnly: WorkerProcess;
    let killed: WorkerProcess;
    let both: WorkerProcess;
    const ids = { retaken: '', waiting: '', gone: '' };
    let goneDoc = '';

    beforeAll(async () => {
      http = await startHttpApp(
        loadConfig({ ...process.env, FOLIO_INGEST_RUNNER: 'redis', REDIS_PORT: PORT }),
      );
      apps.push(http);
      const neo4j = new URL(ctx.config.neo4j.uri);
      proxy = new TcpProxy(Number(neo4j.port || 7687), neo4j.hostname);
      await proxy.start();
      // The killed worker reaches Neo4j through a proxy that delays what it sends, so its job lasts seconds.
      [ingestOnly, killed] = await Promise.all([
        startWorker(PORT, {}, ['--queues', 'ingest']),
        startWorker(PORT, { NEO4J_URI: proxy.url, FOLIO_WORKER_LOCK_MS: LOCK_MS }, ['--queues', 'enrich']),
      ]);
      workers.push(ingestOnly, killed);
    }, 600_000);

    afterAll(async () => {
      await proxy?.stop();
    });

    it('a worker killed mid-enrichment leaves its job RUNNING for the queue, not FAILED', async () => {
      const docId = await newDocument('killed');
      proxy.latencyMs = 100;
      ids.retaken = (await enrich(http, docId)).data!.enrichDocument.id;
      let running = false;
      for (let i = 0; i < 2400 && !running; i++) {
        running = (await readJob(http, ids.retaken)).status === 'RUNNING';
        if (!running) await sleep(50);
      }
      expect(running).toBe(true);
      process.kill(killed.child.pid!, 'SIGKILL');
      await killed.exited;
      proxy.latencyMs = 0;
      expect(killed.output.join('')).toContain(`Enrichment job ${ids.retaken} attempt 1: RUNNING`);
    });

    it('a worker started with --queues ingest never takes an enrichment', async () => {
      expect(ingestOnly.output.join('')).toContain('Worker ready: queue ingest on');
      ids.waiting = (await enrich(http, await newDocument('waiting'))).data!.enrichDocument.id;
      goneDoc = await newDocument('gone');
      ids.gone = (await enrich(http, goneDoc)).data!.enrichDocument.id;
      await ctx.ingest.deleteDocument(goneDoc); // a permanent error for the worker that takes it
      await sleep(5000);
      expect(await readJob(http, ids.waiting)).toMatchObject({ status: 'QUEUED', attempts: null });
      expect(await readJob(http, ids.gone)).toMatchObject({ status: 'QUEUED', attempts: null });
      expect(ingestOnly.output.join('')).not.toContain('Enrichment job');
    });

    it("a worker of both queues takes the waiting jobs and the dead worker's job, which ends SUCCEEDED once", async () => {
      both = await startWorker(PORT);
      workers.push(both);
      expect(both.output.join('')).toContain('Worker ready: queues ingest, enrich on');
      expect((await waitForJob(http, ids.waiting)).job).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });

      const { job, seen } = await waitForJob(http, ids.retaken);
      // Never reported FAILED on the way: the dead worker's job was the queue's to retry, not the sweep's.
      expect(seen).not.toContain('FAILED');
      expect(job).toMatchObject({ status: 'SUCCEEDED', attempts: 2, errorCode: null });
      expect(both.output.join('')).toContain(`Enrichment job ${ids.retaken} attempt 2: SUCCEEDED`);
      expect(ingestOnly.output.join('')).not.toContain('Enrichment job');

      // Exactly what one clean run writes: running it again on the same document changes no count.
      const docId = `${ctx.runId}-killed`;
      const afterRetake = await ctx.counts(docId);
      const clean = await enrich(http, docId);
      expect((await waitForJob(http, clean.data!.enrichDocument.id)).job.status).toBe('SUCCEEDED');
      expect(await ctx.counts(docId)).toEqual(afterRetake);
    });

    it('a permanent error (the document deleted while its job waited) fails the job once, without a retry', async () => {
      const { job } = await waitForJob(http, ids.gone);
      expect(job).toMatchObject({ status: 'FAILED', errorCode: 'DOCUMENT_NOT_FOUND', attempts: 1 });
      await sleep(3000); // longer than the first retry's backoff: a retry would show in the worker's log
      expect(both.output.join('')).toContain(`Enrichment job ${ids.gone} attempt 1: FAILED`);
      expect(both.output.join('')).not.toContain(`Enrichment job ${ids.gone} attempt 2`);
    });

    it('with Redis stopped, enrichDocument is refused at once with SERVICE_UNAVAILABLE while reads keep working', async () => {
      const docId = await newDocument('away');
      expect((await redis('stop', PORT)).code).toBe(0);
      try {
        const t0 = Date.now();
        const res = await enrich(http, docId);
        expect(Date.now() - t0).toBeLessThan(10_000);
        expect(res.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
        expect(res.errors?.[0]?.message).toContain('npm run redis:start');
        const read = await http.graphql<{ document: { id: string } }>(
          `query($id: ID!) { document(id: $id) { id } }`,
          { id: docId },
        );
        expect(read.data?.document.id).toBe(docId);
      } finally {
        expect((await redis('start', PORT)).code).toBe(0);
      }
    });
  });
});
