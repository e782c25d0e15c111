import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GraphExecutor } from '../../src/graph/graph-executor';
import { INGEST_QUEUE } from '../../src/ingest/queue/ingest-queue';
import { documentIdFor } from '../../src/ingest/document-id';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../support/ingest-context';
import { makeEncryptedPdf } from '../support/make-pdf';
import {
  ApiProcess,
  redis,
  startApiProcess,
  startWorker,
  stopWorker,
  WorkerProcess,
} from '../support/redis-worker';
import { testCypher } from '../support/test-cypher';

// FOLIO_INGEST_RUNNER=redis with an API process and a worker process: a PDF's password travels in the queue
// message only — never in Neo4j, in either process's output, or in Redis once the job ended; a wrong password is
// final at once; a transient error is retried with backoff and, when it keeps failing, the job ends FAILED with
// its attempts recorded.
const PORT = String(6490 + (process.pid % 50));

interface JobView {
  status: string;
  attempts: number | null;
  errorCode: string | null;
  document: { id: string; status: string } | null;
}

describe('FOLIO_INGEST_RUNNER=redis: secrets and retries', () => {
  let ctx: IngestContext;
  let api: ApiProcess | undefined;
  let worker: WorkerProcess | undefined;
  const created: string[] = [];

  const upload = async (bytes: Uint8Array, fileName: string, password?: string): Promise<string> => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query:
          'mutation($file: Upload!, $o: IngestOptionsInput) { ingestDocument(file: $file, options: $o) { id } }',
        variables: { file: null, o: password ? { password } : null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([bytes], { type: 'application/pdf' }), fileName);
    const res = await fetch(`${api!.url}/graphql`, {
      method: 'POST',
      body: form,
      headers: { 'apollo-require-preflight': 'true' },
    });
    const body = (await res.json()) as { data?: { ingestDocument: { id: string } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data!.ingestDocument.id;
  };

  const waitForJob = async (id: string): Promise<JobView> => {
    for (let i = 0; i < 1200; i++) {
      const res = await fetch(`${api!.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query:
            'query($id: ID!) { ingestionJob(id: $id) { status attempts errorCode document { id status } } }',
          variables: { id },
        }),
      });
      const job = ((await res.json()) as { data: { ingestionJob: JobView } }).data.ingestionJob;
      if (job.status === 'SUCCEEDED' || job.status === 'FAILED') return job;
      await sleep(250);
    }
    throw new Error(`job ${id} did not finish`);
  };

  const storedWith = async (docId: string, text: string): Promise<string[]> => {
    const [row] = await ctx.module
      .get(GraphExecutor)
      .read<{ hits: string[] }>(testCypher().get('ingest/test-find-text'), { docId, text });
    return row!.hits;
  };

  const inRedis = (jobId: string): number =>
    Number(
      execFileSync('redis-cli', ['-p', PORT, 'EXISTS', `bull:${INGEST_QUEUE}:${jobId}`])
        .toString()
        .trim(),
    );

  beforeAll(async () => {
    expect(await redis('start', PORT)).toEqual({ code: 0, stderr: '' });
    ctx = await createIngestContext();
    api = await startApiProcess({ FOLIO_INGEST_RUNNER: 'redis', REDIS_PORT: PORT });
    worker = await startWorker(PORT);
  });

  afterAll(async () => {
    for (const id of created) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await stopWorker(worker);
    if (api && api.child.exitCode === null) {
      api.child.kill('SIGTERM');
      await api.exited;
    }
    await ctx?.close();
    await redis('stop', PORT);
  });

  it('the password is never stored in Neo4j, printed by the API or the worker, or kept in Redis after the job', async () => {
    const secret = `pw-${randomUUID()}`;
    const wrong = `wrong-${randomUUID()}`;
    const marker = `secrets-${randomUUID()}`;
    const bytes = await makeEncryptedPdf([`Sealed memo ${marker}: the archive opens at nine.`], {
      userPassword: secret,
      ownerPassword: `owner-${randomUUID()}`,
    });
    const { docId } = documentIdFor(bytes);

    const refused = await upload(bytes, `${marker}-wrong.pdf`, wrong);
    expect(await waitForJob(refused)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      errorCode: 'ENCRYPTED_PDF_WRONG_PASSWORD',
    });
    const jobId = await upload(bytes, `${marker}.pdf`, secret);
    const job = await waitForJob(jobId);
    expect(job).toMatchObject({ status: 'SUCCEEDED', attempts: 1, document: { id: docId, status: 'READY' } });
    created.push(docId);

    // The scan finds what is stored (the file name on the job and the document), so an empty answer means absent.
    expect((await storedWith(docId, marker)).length).toBeGreaterThanOrEqual(3);
    expect(await storedWith(docId, secret)).toEqual([]);
    expect(await storedWith(docId, wrong)).toEqual([]);

    await sleep(1000); // the worker's and the API's last lines
    const logs = { api: api!.output.join(''), worker: worker!.output.join('') };
    expect(logs.api).toContain('GraphQL at');
    expect(logs.worker).toContain(`Job ${jobId} attempt 1: SUCCEEDED`);
    for (const log of Object.values(logs)) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(wrong);
    }
    // A wrong password is final: no second attempt.
    expect(logs.worker).toContain(`Job ${refused} attempt 1: FAILED ENCRYPTED_PDF_WRONG_PASSWORD`);
    expect(logs.worker).not.toContain(`Job ${refused} attempt 2`);
    expect(inRedis(jobId)).toBe(0);
    expect(inRedis(refused)).toBe(0);
  });

  it('a transient error is retried with backoff; a job that keeps failing ends FAILED with its attempts recorded', async () => {
    // Another live ingestion holds the document (INGESTING, owned by this process): every attempt is DOCUMENT_BUSY.
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const { document } = await ctx.ingest.ingest(bytes, { fileName: 'busy.pdf' });
    created.push(document.id);
    const job = await ctx.withStatus(document.id, 'INGESTING', async () => {
      const id = await upload(bytes, 'busy.pdf');
      return { id, view: await waitForJob(id) };
    });
    expect(job.view).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      errorCode: 'DOCUMENT_BUSY',
      document: null,
    });
    const log = worker!.output.join('');
    expect(log).toContain(`Job ${job.id} attempt 1: QUEUED DOCUMENT_BUSY`);
    expect(log).toContain(`Job ${job.id} attempt 2: QUEUED DOCUMENT_BUSY`);
    expect(log).toContain(`Job ${job.id} attempt 3: FAILED DOCUMENT_BUSY`);
    expect(log).not.toContain(`Job ${job.id} attempt 4`);
    expect(inRedis(job.id)).toBe(0);
  });
});
