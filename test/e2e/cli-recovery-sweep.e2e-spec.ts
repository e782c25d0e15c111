import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { ownerKey, thisProcess } from '../../src/common/process-owner';
import { IngestRepository } from '../../src/ingest/ingest.repository';
import { createIngestContext, IngestContext } from '../support/ingest-context';

// A CLI command that writes first finishes what crashed processes left: a document left INGESTING and a job left
// RUNNING by a process of this machine that has exited are removed / failed when `folio` starts, at once.
const ROOT = path.resolve(__dirname, '..', '..');
const FOLIO = path.join(ROOT, 'dist', 'cli', 'main.js');
const run = promisify(execFile);

/** The pid of a process that has run and exited (a crashed Folio, as far as its owner key can tell). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('a writing CLI command at start', () => {
  let ctx: IngestContext;
  let repo: IngestRepository;
  beforeAll(async () => {
    if (!fs.existsSync(FOLIO)) throw new Error(`${FOLIO} is missing: run \`npm run build\`.`);
    ctx = await createIngestContext();
    repo = ctx.module.get(IngestRepository);
  });
  afterAll(async () => ctx?.close());

  it('removes the half document and fails the job of a dead process on this machine', async () => {
    const owner = ownerKey({ ...thisProcess(), pid: await deadPid(), startTicks: '1' });
    const docId = `${ctx.runId}-dead`;
    const jobId = `${ctx.runId}-dead-job`;
    await repo.createDocument({
      id: docId,
      title: 't',
      fileName: 'dead.pdf',
      sha256: 'e'.repeat(64),
      pageCount: 1,
      ingestionId: 'i-1',
      owner,
    });
    await repo.jobs.save({
      id: jobId,
      status: 'RUNNING',
      fileName: 'dead.pdf',
      stage: 'write',
      done: 1,
      total: 2,
      docId: null,
      error: null,
      errorCode: null,
      owner,
    });
    try {
      // Any writing command; this one has nothing to delete and exits 1 after the start-up sweep.
      const result = await run('node', [FOLIO, 'delete', `${ctx.runId}-absent`], { cwd: ROOT }).catch(
        (e: { stderr: string }) => e,
      );
      expect(result.stderr).toMatch(/No document with id/);
      expect(await repo.findDocument(docId)).toBeNull();
      expect(await repo.jobs.get(jobId)).toMatchObject({ status: 'FAILED', errorCode: 'JOB_ABANDONED' });
    } finally {
      await repo.deleteDocument(docId);
    }
  });
});
