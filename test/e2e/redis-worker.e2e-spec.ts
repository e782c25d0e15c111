import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config/folio-config';
import { ingestUploadForm } from '../support/graphql-upload';
import { HttpApp, startHttpApp } from '../support/http-app';
import { makeTextPdf } from '../support/make-pdf';
import {
  redis as redisAt,
  startWorker as startWorkerAt,
  stopWorker,
  WorkerProcess,
} from '../support/redis-worker';

// FOLIO_INGEST_RUNNER=redis end to end: the API (in this process) only enqueues; a `folio worker` process takes the
// job from a real Redis the project's launcher starts (its own port, so a developer's Redis is never touched) and
// ingests into the shared Neo4j. Each test uploads its own generated PDF, unique by a run id, and deletes it.
const PORT = String(6390 + (process.pid % 50));
const RUN = `redis-worker-${process.pid}-${Date.now()}`;
const redis = (action: 'start' | 'stop') => redisAt(action, PORT);
const HEALTH_FILE = path.join(os.tmpdir(), `folio-worker-${process.pid}.health`);
const startWorker = () => startWorkerAt(PORT, {}, ['--health-file', HEALTH_FILE]);

describe('FOLIO_INGEST_RUNNER=redis: the API enqueues, a worker process ingests', () => {
  let http: HttpApp;
  let worker: WorkerProcess | undefined;
  const created: string[] = [];

  const upload = async (bytes: Uint8Array, fileName: string) => {
    const form = ingestUploadForm(bytes, fileName, 'id status');
    const res = await fetch(`${http.url}/graphql`, {
      method: 'POST',
      body: form,
      headers: { 'apollo-require-preflight': 'true' },
    });
    return (await res.json()) as {
      data?: { ingestDocument: { id: string; status: string } };
      errors?: Array<{ message: string; extensions?: { code?: string } }>;
    };
  };

  const waitForJob = async (id: string) => {
    for (let i = 0; i < 1200; i++) {
      const res = await http.graphql<{
        ingestionJob: {
          status: string;
          errorCode: string | null;
          document: { id: string; status: string } | null;
        };
      }>(`query($id: ID!) { ingestionJob(id: $id) { status errorCode document { id status } } }`, { id });
      const job = res.data!.ingestionJob;
      if (job.status === 'SUCCEEDED' || job.status === 'FAILED') return job;
      await sleep(250);
    }
    throw new Error(`job ${id} did not finish`);
  };

  beforeAll(async () => {
    expect(await redis('start')).toEqual({ code: 0, stderr: '' });
    http = await startHttpApp(loadConfig({ ...process.env, FOLIO_INGEST_RUNNER: 'redis', REDIS_PORT: PORT }));
    worker = await startWorker();
  });

  afterAll(async () => {
    for (const id of created)
      await http.graphql(`mutation($id: ID!) { deleteDocument(id: $id) { deleted } }`, { id });
    await stopWorker(worker);
    fs.rmSync(HEALTH_FILE, { force: true });
    await http?.close();
    await redis('stop');
  });

  it('a job enqueued by the API is taken by the worker and its document becomes READY', async () => {
    const bytes = await makeTextPdf([[`Queue run ${RUN}: the heron nests beside the northern reservoir.`]]);
    const res = await upload(bytes, 'queued.pdf');
    expect(res.errors).toBeUndefined();
    expect(res.data!.ingestDocument.status).toBe('QUEUED');
    const job = await waitForJob(res.data!.ingestDocument.id);
    expect(job).toMatchObject({ status: 'SUCCEEDED', errorCode: null, document: { status: 'READY' } });
    created.push(job.document!.id);
    // The container health check's file: written at start and every 10 s while the worker runs.
    expect(Date.now() - fs.statSync(HEALTH_FILE).mtimeMs).toBeLessThan(30_000);
  });

  it('two workers and four uploads: each job is taken by exactly one worker, once, and every document is READY', async () => {
    const second = await startWorker();
    try {
      const ids: string[] = [];
      for (let n = 0; n < 4; n++) {
        const bytes = await makeTextPdf([
          [`Queue run ${RUN}, upload ${n}: lanterns along the canal at dusk.`],
        ]);
        const res = await upload(bytes, `pair-${n}.pdf`);
        expect(res.errors).toBeUndefined();
        ids.push(res.data!.ingestDocument.id);
      }
      for (const id of ids) {
        const job = await waitForJob(id);
        expect(job).toMatchObject({ status: 'SUCCEEDED', document: { status: 'READY' } });
        created.push(job.document!.id);
      }
      const logs = [worker!.output.join(''), second.output.join('')];
      for (const id of ids) {
        const taken = logs.map((log) => log.split(`Job ${id} attempt 1: RUNNING`).length - 1);
        expect(taken.reduce((a, b) => a + b)).toBe(1);
        expect(logs.join('')).toContain(`Job ${id} attempt 1: SUCCEEDED document`);
      }
      expect(new Set(created).size).toBe(created.length);
    } finally {
      await stopWorker(second);
    }
  });

  it('a permanent error (a corrupt PDF) fails the job once, without a retry', async () => {
    const bytes = new TextEncoder().encode(`%PDF-1.7\n${RUN} this is no PDF body at all\n%%EOF\n`);
    const res = await upload(bytes, 'corrupt.pdf');
    expect(res.errors).toBeUndefined();
    const job = await waitForJob(res.data!.ingestDocument.id);
    expect(job.status).toBe('FAILED');
    expect(job.errorCode).toMatch(/PDF/);
    await sleep(3000); // longer than the first retry's backoff: a retry would show in the worker's log
    const log = worker!.output.join('');
    expect(log).toContain(`Job ${res.data!.ingestDocument.id} attempt 1: FAILED ${job.errorCode}`);
    expect(log).not.toContain(`Job ${res.data!.ingestDocument.id} attempt 2`);
  });

  it('with Redis stopped, an upload is refused at once with SERVICE_UNAVAILABLE while reads keep working', async () => {
    expect((await redis('stop')).code).toBe(0);
    try {
      const bytes = await makeTextPdf([[`Queue run ${RUN}: uploaded while the queue is away.`]]);
      const t0 = Date.now();
      const res = await upload(bytes, 'refused.pdf');
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(res.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.errors?.[0]?.message).toContain('npm run redis:start');
      const read = await http.graphql<{ documents: { totalCount: number } }>(
        `{ documents(first: 1) { totalCount } }`,
      );
      expect(read.errors).toBeUndefined();
    } finally {
      expect((await redis('start')).code).toBe(0);
    }
  });
});
