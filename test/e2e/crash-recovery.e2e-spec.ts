import { ChildProcess, spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ABANDONED_JOB_CODE } from '../../src/common/background-jobs';
import { GraphExecutor } from '../../src/graph/graph-executor';
import { FileStore } from '../../src/ingest/file-store';
import { IngestRepository } from '../../src/ingest/ingest.repository';
import { documentIdFor } from '../../src/ingest/document-id';
import { IngestionJobService } from '../../src/ingest/ingestion-job.service';
import { HttpApp, startHttpApp } from '../support/http-app';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../support/ingest-context';
import { TcpProxy } from '../support/tcp-proxy';
import { ingestUploadForm } from '../support/graphql-upload';
import { testCypher } from '../support/test-cypher';

// A real API process is killed (SIGKILL, by pid) while it writes a document: its job stays RUNNING and its
// document INGESTING, half-written. The job then reads FAILED with a reason, and the next API start marks it so
// and removes the half document and its stored PDF. The process reaches Neo4j through a proxy that delays what it
// sends, so its write lasts seconds and the kill lands in the middle. The staleness rule is minutes, so once the
// process is dead the test backdates the heartbeats of its own job and document instead of waiting.
const ROOT = path.resolve(__dirname, '..', '..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `src/main.ts` in a child process (no build needed), ready once /health/ready answers 200. */
async function startApiProcess(
  neo4jUri: string,
): Promise<{ child: ChildProcess; url: string; exited: Promise<unknown> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', './test/support/ts-register.js', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NEO4J_URI: neo4jUri, FOLIO_HTTP_HOST: '127.0.0.1', FOLIO_HTTP_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr.on('data', (d: Buffer) => stderr.push(d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the API process exited: ${stderr.join('')}`);
    const status = await fetch(`${url}/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { child, url, exited };
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`the API process did not become ready: ${stderr.join('')}`);
}

async function upload(url: string, bytes: Uint8Array): Promise<string> {
  const form = ingestUploadForm(bytes, 'crash.pdf');
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    body: form,
    headers: { 'apollo-require-preflight': 'true' },
  });
  const body = (await res.json()) as { data?: { ingestDocument: { id: string } } };
  return body.data!.ingestDocument.id;
}

describe('an API process killed while it ingests', () => {
  let proxy: TcpProxy | undefined;
  let ctx: IngestContext;
  let repo: IngestRepository;
  let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
  let http: HttpApp | undefined;
  let docId = '';

  beforeAll(async () => {
    ctx = await createIngestContext();
    repo = ctx.module.get(IngestRepository);
    const neo4j = new URL(ctx.config.neo4j.uri);
    proxy = new TcpProxy(Number(neo4j.port || 7687), neo4j.hostname);
    await proxy.start();
  });
  afterAll(async () => {
    if (api?.child.exitCode === null) api.child.kill('SIGKILL');
    await http?.close();
    await proxy?.stop();
    if (docId) await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  it('leaves a RUNNING job and a half document; the job reads FAILED, the next start marks it and removes the rest', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const { docId: id, sha256 } = documentIdFor(bytes);
    docId = id;
    api = await startApiProcess(proxy!.url);
    proxy!.latencyMs = 150;
    const jobId = await upload(api.url, bytes);

    // Kill the process once it has claimed the document and written its first rows.
    let halfWritten = false;
    for (let i = 0; i < 2400 && !halfWritten; i++) {
      halfWritten =
        (await repo.findDocument(docId))?.status === 'INGESTING' &&
        (await ctx.counts(docId)).nodes.Page === 4;
      if (!halfWritten) await sleep(50);
    }
    expect(halfWritten).toBe(true);
    process.kill(api.child.pid!, 'SIGKILL');
    await api.exited;

    expect(await repo.findDocument(docId)).toMatchObject({ status: 'INGESTING' });
    expect((await repo.jobs.get(jobId))?.status).toBe('RUNNING');
    expect(await ctx.module.get(FileStore).read(sha256)).not.toBeNull();

    const aged = await ctx.module
      .get(GraphExecutor)
      .write<{ documents: number; jobs: number }>(testCypher().get('ingest/test-age-heartbeats'), {
        docId,
        jobId,
        ageMs: ctx.config.heartbeat.staleAfterMs + 60_000,
      });
    expect(aged).toEqual([{ documents: 1, jobs: 1 }]);

    // Read before any restart: stored RUNNING, reported FAILED with the reason.
    expect((await repo.jobs.get(jobId))?.status).toBe('RUNNING');
    expect(await ctx.module.get(IngestionJobService).get(jobId)).toMatchObject({
      status: 'FAILED',
      errorCode: ABANDONED_JOB_CODE,
      error: expect.stringContaining('The process that ran this job stopped'),
    });

    // The next API start sweeps: the job is stored FAILED, the half document and its stored PDF are gone.
    http = await startHttpApp();
    expect(await repo.jobs.get(jobId)).toMatchObject({ status: 'FAILED', errorCode: ABANDONED_JOB_CODE });
    expect(await repo.findDocument(docId)).toBeNull();
    expect(await ctx.counts(docId)).toEqual({ nodes: {}, relationships: {} });
    expect(await ctx.module.get(FileStore).read(sha256)).toBeNull();
    const res = await http.graphql<{ ingestionJob: { status: string; errorCode: string; error: string } }>(
      'query($id: ID!) { ingestionJob(id: $id) { status errorCode error } }',
      { id: jobId },
    );
    expect(res.data?.ingestionJob).toMatchObject({ status: 'FAILED', errorCode: ABANDONED_JOB_CODE });
    expect(res.data?.ingestionJob.error).toMatch(/process that ran this job stopped/);
  });
});

/**
 * Starts an API process (through the delaying proxy), uploads a PDF and kills the process (SIGKILL) once the
 * document is INGESTING with its pages written; returns the ids. `whileHalf` runs against the live process first.
 */
async function killMidIngest(
  proxy: TcpProxy,
  repo: IngestRepository,
  ctx: IngestContext,
  whileHalf: (url: string, docId: string) => Promise<void> = async () => undefined,
): Promise<{ docId: string; sha256: string; jobId: string }> {
  const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
  const { docId, sha256 } = documentIdFor(bytes);
  const api = await startApiProcess(proxy.url);
  try {
    proxy.latencyMs = 150;
    const jobId = await upload(api.url, bytes);
    let halfWritten = false;
    for (let i = 0; i < 2400 && !halfWritten; i++) {
      halfWritten =
        (await repo.findDocument(docId))?.status === 'INGESTING' &&
        (await ctx.counts(docId)).nodes.Page === 4;
      if (!halfWritten) await sleep(50);
    }
    expect(halfWritten).toBe(true);
    await whileHalf(api.url, docId);
    return { docId, sha256, jobId };
  } finally {
    process.kill(api.child.pid!, 'SIGKILL');
    await api.exited;
    proxy.latencyMs = 0;
  }
}

async function listedIds(url: string, status?: string): Promise<string[]> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `{ documents(first: 100${status ? `, status: [${status}]` : ''}) { edges { node { id status } } } }`,
    }),
  });
  const body = (await res.json()) as { data: { documents: { edges: Array<{ node: { id: string } }> } } };
  return body.data.documents.edges.map((e) => e.node.id);
}

// The same kill, without backdating anything: the owner of the job and the document (host, boot, pid) is known
// dead on this machine, so the next start, or the periodic sweep of any live API, finishes its work at once.
describe('an API process killed mid-ingest, without waiting for the staleness rule', () => {
  let proxy: TcpProxy | undefined;
  let ctx: IngestContext;
  let repo: IngestRepository;
  let http: HttpApp | undefined;
  const docIds: string[] = [];

  beforeAll(async () => {
    ctx = await createIngestContext();
    repo = ctx.module.get(IngestRepository);
    const neo4j = new URL(ctx.config.neo4j.uri);
    proxy = new TcpProxy(Number(neo4j.port || 7687), neo4j.hostname);
    await proxy.start();
  });
  afterEach(async () => {
    await http?.close();
    http = undefined;
  });
  afterAll(async () => {
    await proxy?.stop();
    for (const id of docIds) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await ctx.close();
  });

  const expectFinished = async (ids: { docId: string; sha256: string; jobId: string }) => {
    expect(await repo.jobs.get(ids.jobId)).toMatchObject({ status: 'FAILED', errorCode: ABANDONED_JOB_CODE });
    expect(await repo.findDocument(ids.docId)).toBeNull();
    expect(await ctx.counts(ids.docId)).toEqual({ nodes: {}, relationships: {} });
    expect(await ctx.module.get(FileStore).read(ids.sha256)).toBeNull();
  };

  it('restarted at once: the start sweeps its job (FAILED) and half document (removed); documents never listed it', async () => {
    const ids = await killMidIngest(proxy!, repo, ctx, async (url, docId) => {
      expect(await listedIds(url)).not.toContain(docId);
      expect(await listedIds(url, 'INGESTING')).toContain(docId);
    });
    docIds.push(ids.docId);
    // Killed well within FOLIO_STALE_HEARTBEAT_MS: by the heartbeat alone the work still looks alive.
    expect(ctx.config.heartbeat.staleAfterMs).toBeGreaterThanOrEqual(60_000);
    expect((await repo.jobs.get(ids.jobId))?.status).toBe('RUNNING');
    expect(await ctx.module.get(IngestionJobService).get(ids.jobId)).toMatchObject({ status: 'FAILED' });

    http = await startHttpApp();
    await expectFinished(ids);
  });

  it('left running elsewhere: a live API sweeps it within its heartbeat interval, no restart needed', async () => {
    const intervalMs = 1000;
    http = await startHttpApp({ ...ctx.config, heartbeat: { ...ctx.config.heartbeat, intervalMs } });
    const ids = await killMidIngest(proxy!, repo, ctx);
    docIds.push(ids.docId);
    const killedAt = Date.now();
    let job = await repo.jobs.get(ids.jobId);
    while (job?.status !== 'FAILED' && Date.now() - killedAt < 10 * intervalMs) {
      await sleep(200);
      job = await repo.jobs.get(ids.jobId);
    }
    // The same sweep removes the document, then its stored PDF, just after it fails the job.
    const files = ctx.module.get(FileStore);
    while ((await files.read(ids.sha256)) !== null && Date.now() - killedAt < 10 * intervalMs)
      await sleep(200);
    await expectFinished(ids);
    expect(Date.now() - killedAt).toBeLessThan(10 * intervalMs);
    expect(await listedIds(http.url, 'INGESTING')).not.toContain(ids.docId);
  });
});
