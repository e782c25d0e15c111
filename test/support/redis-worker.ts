import { ChildProcess, execFile, spawn } from 'node:child_process';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// Real Redis and real `folio worker` processes for the FOLIO_INGEST_RUNNER=redis tests: Redis through the project's
// launcher on a port of the test's own (a developer's Redis is never touched), workers from src/ (no build needed).
const ROOT = path.resolve(__dirname, '..', '..');

/** `folio redis <action>` on `port`, through the project's launcher (jest's process.env is its own copy). */
export function redis(action: 'start' | 'stop', port: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', './test/support/ts-register.js', 'src/cli/main.ts', 'redis', action],
      { cwd: ROOT, env: { ...process.env, REDIS_PORT: port }, timeout: 60_000 },
      (err, _stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stderr }),
    );
  });
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything it printed, stdout and stderr interleaved. */
  output: string[];
  exited: Promise<unknown>;
}

/** `folio worker --concurrency 1` with `env` over this process's, once it printed "Worker ready". */
export async function startWorker(port: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ['-r', './test/support/ts-register.js', 'src/cli/main.ts', 'worker', '--concurrency', '1'],
    { cwd: ROOT, env: { ...process.env, REDIS_PORT: port, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 480; i++) {
    if (output.join('').includes('Worker ready')) return { child, output, exited };
    if (child.exitCode !== null) throw new Error(`the worker exited: ${output.join('')}`);
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`the worker did not become ready: ${output.join('')}`);
}

/** SIGTERM (running jobs finish), SIGKILL after 20 s. */
export async function stopWorker(worker: WorkerProcess | undefined): Promise<void> {
  if (!worker || worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  worker.child.kill('SIGTERM');
  await Promise.race([worker.exited, sleep(20_000).then(() => worker.child.kill('SIGKILL'))]);
}
