import { ChildProcess, execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { IngestRepository } from '../../src/ingest/ingest.repository';
import { documentIdFor } from '../../src/ingest/document-id';
import { createIngestContext, IngestContext } from '../support/ingest-context';
import { makeTextPdf } from '../support/make-pdf';
import { TcpProxy } from '../support/tcp-proxy';

// A `folio ingest` (a real CLI process) is paused in its write stage by SIGSTOP — the limit of an event loop too
// busy to run its heartbeat timer — while a second Folio process starts and sweeps with a short staleness rule
// (as a test or a misconfigured process has): the owner is alive on this machine, so nothing of its work is
// taken, and the ingestion ends READY once resumed. Killed instead (SIGKILL), its work is swept at once.
const ROOT = path.resolve(__dirname, '..', '..');
const FOLIO = path.join(ROOT, 'dist', 'cli', 'main.js');
const run = promisify(execFile);
const PAGES = 12;

async function builtPdf(tag: string): Promise<string> {
  const pages = Array.from({ length: PAGES }, (_, p) =>
    Array.from(
      { length: 6 },
      (_, i) =>
        `Harbour ledger ${tag}, page ${p + 1}, entry ${i + 1}: the crane moved ${(p + 1) * (i + 3)} containers ` +
        `from quay ${String.fromCharCode(65 + i)} to the rail yard before the evening tide.`,
    ),
  );
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-live-owner-')), `${tag}.pdf`);
  fs.writeFileSync(file, await makeTextPdf(pages));
  return file;
}

/** `folio ingest <file>` in its own process, talking to Neo4j through `neo4jUri`. */
function startIngest(
  file: string,
  neo4jUri: string,
): { child: ChildProcess; exited: Promise<number | null>; stderr: string[] } {
  const child = spawn(process.execPath, [FOLIO, 'ingest', file], {
    cwd: ROOT,
    env: { ...process.env, NEO4J_URI: neo4jUri },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr.on('data', (d: Buffer) => stderr.push(d.toString()));
  return { child, stderr, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** A writing CLI command: it sweeps at start, then has nothing to delete (exit 1). */
async function sweepingProcess(env: Record<string, string> = {}): Promise<void> {
  const result = await run(process.execPath, [FOLIO, 'delete', 'no-such-document'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    timeout: 120_000,
  }).catch((e: { stderr: string }) => e);
  expect(result.stderr).toMatch(/No document with id/);
}

describe('the recovery sweep and a live owner on this machine', () => {
  let ctx: IngestContext;
  let repo: IngestRepository;
  let proxy: TcpProxy;
  const docIds: string[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(FOLIO)) throw new Error(`${FOLIO} is missing: run \`npm run build\`.`);
    ctx = await createIngestContext();
    repo = ctx.module.get(IngestRepository);
    const neo4j = new URL(ctx.config.neo4j.uri);
    proxy = new TcpProxy(Number(neo4j.port || 7687), neo4j.hostname);
    await proxy.start();
  });
  afterAll(async () => {
    await proxy?.stop();
    for (const id of docIds) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await ctx?.close();
  });

  /** Starts the ingest and resolves once its document is claimed (INGESTING) with pages written. */
  async function ingestUntilHalfWritten(tag: string) {
    const file = await builtPdf(`${ctx.runId}-${tag}`);
    const { docId } = documentIdFor(new Uint8Array(fs.readFileSync(file)));
    docIds.push(docId);
    proxy.latencyMs = 150; // each round trip of the owner's writes waits, so its write stage lasts seconds
    const ingest = startIngest(file, proxy.url);
    let halfWritten = false;
    for (let i = 0; i < 3000 && !halfWritten && ingest.child.exitCode === null; i++) {
      halfWritten =
        (await repo.findDocument(docId))?.status === 'INGESTING' &&
        ((await ctx.counts(docId)).nodes.Page ?? 0) > 0;
      if (!halfWritten) await sleep(50);
    }
    if (!halfWritten) throw new Error(`the ingest never got half-written: ${ingest.stderr.join('')}`);
    return { docId, ...ingest };
  }

  it('leaves a paused ingestion alone, however stale its heartbeat, and it ends READY', async () => {
    const { docId, child, exited } = await ingestUntilHalfWritten('paused');
    process.kill(child.pid!, 'SIGSTOP');
    try {
      proxy.latencyMs = 0; // what it had sent reaches Neo4j; nothing more comes while it is stopped
      await sleep(3000);
      expect((await repo.findDocument(docId))?.heartbeatAgeMs).toBeGreaterThan(2000);
      await sweepingProcess({ FOLIO_STALE_HEARTBEAT_MS: '2000' });
      expect(await repo.findDocument(docId)).toMatchObject({ status: 'INGESTING' });
    } finally {
      process.kill(child.pid!, 'SIGCONT');
    }
    expect(await exited).toBe(0);
    expect(await repo.findDocument(docId)).toMatchObject({ status: 'READY', pageCount: PAGES });
    expect((await ctx.counts(docId)).nodes.Page).toBe(PAGES);
  });

  it('still sweeps the work of a killed owner at once, with the default staleness rule', async () => {
    const { docId, child, exited } = await ingestUntilHalfWritten('killed');
    process.kill(child.pid!, 'SIGKILL');
    await exited;
    proxy.latencyMs = 0;
    expect(await repo.findDocument(docId)).toMatchObject({ status: 'INGESTING' });
    expect(ctx.config.heartbeat.staleAfterMs).toBeGreaterThanOrEqual(60_000);
    await sweepingProcess();
    expect(await repo.findDocument(docId)).toBeNull();
    expect(await ctx.counts(docId)).toEqual({ nodes: {}, relationships: {} });
  });
});
