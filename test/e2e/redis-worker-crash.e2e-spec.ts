import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config/folio-config';
import { FileStore } from '../../src/ingest/file-store';
import { IngestRepository } from '../../src/ingest/ingest.repository';
import { documentIdFor } from '../../src/ingest/document-id';
import { ingestUploadForm } from '../support/graphql-upload';
import { HttpApp, startHttpApp } from '../support/http-app';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../support/ingest-context';
import { redis, startWorker, stopWorker, WorkerProcess } from '../support/redis-worker';
import { TcpProxy } from '../support/tcp-proxy';

// A `folio worker` killed (SIGKILL) while it writes a document: BullMQ's stalled check gives the job to a second
// worker, which removes what the dead attempt wrote and ingests again. The first worker reaches Neo4j through a
// proxy that delays what it sends, so its write lasts seconds and the kill lands in the middle. The second starts
// after the kill, so its start-up recovery sweep meets the dead worker's half document (and must leave the stored
// PDF the job still needs), and the API's periodic sweep runs meanwhile too.
const PORT = String(6440 + (process.pid % 50));
const LOCK_MS = '2000';

describe('FOLIO_INGEST_RUNNER=redis: a worker killed mid-write', () => {
  let ctx: IngestContext;
  let repo: IngestRepository;
  let proxy: TcpProxy | undefined;
  let http: HttpApp | undefined;
  const workers: WorkerProcess[] = [];
  let docId = '';

  beforeAll(async () => {
    expect(await redis('start', PORT)).toEqual({ code: 0, stderr: '' });
    ctx = await createIngestContext();
    repo = ctx.module.get(IngestRepository);
    const neo4j = new URL(ctx.config.neo4j.uri);
    proxy = new TcpProxy(Number(neo4j.port || 7687), neo4j.hostname);
    await proxy.start();
    http = await startHttpApp(
      loadConfig({
        ...process.env,
        FOLIO_INGEST_RUNNER: 'redis',
        REDIS_PORT: PORT,
        // The API's periodic sweep runs every second while the job changes hands.
        FOLIO_STALE_HEARTBEAT_MS: '6000',
      }),
    );
  });

  afterAll(async () => {
    for (const w of workers) await stopWorker(w);
    if (docId) await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await http?.close();
    await proxy?.stop();
    await ctx?.close();
    await redis('stop', PORT);
  });

  it('the job is taken again by another worker and ends with exactly one READY document, nothing duplicated', async () => {
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    const { docId: id, sha256 } = documentIdFor(bytes);
    docId = id;
    const first = await startWorker(PORT, { NEO4J_URI: proxy!.url, FOLIO_WORKER_LOCK_MS: LOCK_MS });
    workers.push(first);
    proxy!.latencyMs = 150;

    const res = await fetch(`${http!.url}/graphql`, {
      method: 'POST',
      body: ingestUploadForm(bytes, 'crash.pdf', 'id status'),
      headers: { 'apollo-require-preflight': 'true' },
    });
    const body = (await res.json()) as { data?: { ingestDocument: { id: string; status: string } } };
    const jobId = body.data!.ingestDocument.id;

    // Kill the first worker once it has claimed the document and written its pages.
    let halfWritten = false;
    for (let i = 0; i < 2400 && !halfWritten; i++) {
      halfWritten =
        (await repo.findDocument(docId))?.status === 'INGESTING' &&
        (await ctx.counts(docId)).nodes.Page === 4;
      if (!halfWritten) await sleep(50);
    }
    expect(halfWritten).toBe(true);
    process.kill(first.child.pid!, 'SIGKILL');
    await first.exited;
    proxy!.latencyMs = 0;
    expect(first.output.join('')).toContain(`Job ${jobId} attempt 1: RUNNING`);
    expect(await repo.findDocument(docId)).toMatchObject({ status: 'INGESTING' });

    const second = await startWorker(PORT, { FOLIO_WORKER_LOCK_MS: LOCK_MS });
    workers.push(second);
    const seen: string[] = [];
    let job: {
      status: string;
      attempts: number | null;
      errorCode: string | null;
      document: { status: string } | null;
    };
    for (let i = 0; ; i++) {
      const read = await http!.graphql<{ ingestionJob: typeof job }>(
        'query($id: ID!) { ingestionJob(id: $id) { status attempts errorCode document { status } } }',
        { id: jobId },
      );
      job = read.data!.ingestionJob;
      if (seen.at(-1) !== job.status) seen.push(job.status);
      if (job.status === 'SUCCEEDED' || job.status === 'FAILED' || i > 1200) break;
      await sleep(250);
    }

    // Never reported FAILED on the way: the dead worker's job was the queue's to retry, not the sweep's to fail.
    expect(seen).not.toContain('FAILED');
    expect(job).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 2,
      errorCode: null,
      document: { status: 'READY' },
    });
    expect(second.output.join('')).toContain(`Job ${jobId} attempt 2: SUCCEEDED document ${docId}`);

    // Exactly the document one clean ingestion writes: four pages in one chain, no second copy of anything.
    const stored = await repo.findDocument(docId);
    expect(stored).toMatchObject({ status: 'READY', pageCount: 4 });
    const counts = await ctx.counts(docId);
    expect(counts.nodes.Document).toBe(1);
    expect(counts.nodes.Page).toBe(4);
    expect(counts.relationships.NEXT_PAGE).toBe(3);
    expect(counts.nodes.Element).toBe((stored as unknown as { elementCount: number }).elementCount);
    expect(counts.nodes.Passage).toBe((stored as unknown as { passageCount: number }).passageCount);
    expect(await ctx.module.get(FileStore).read(sha256)).not.toBeNull();
  });
});
