import { ChildProcess, execFile, spawn } from 'node:child_process';
import * as net from 'node:net';
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

/** `folio worker --concurrency 1 ...args` with `env` over this process's, once it printed "Worker ready". */
export async function startWorker(
  port: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    ['-r', './test/support/ts-register.js', 'src/cli/main.ts', 'worker', '--concurrency', '1', ...args],
    { cwd: ROOT, env: { ...process.env, REDIS_PORT: port, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Up to 4 minutes: a worker compiles src/ and loads the models, slow on a loaded machine.
  for (let i = 0; i < 960; i++) {
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

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed, stdout and stderr interleaved (Nest's default logger: every level). */
  output: string[];
  exited: Promise<unknown>;
}

/** `src/main.ts` in a child process with `env` over this process's, on a free port, once /health/ready is 200. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const child = spawn(process.execPath, ['-r', './test/support/ts-register.js', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, FOLIO_HTTP_HOST: '127.0.0.1', FOLIO_HTTP_PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`the API process exited: ${output.join('')}`);
    const status = await fetch(`${url}/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { child, url, output, exited };
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`the API process did not become ready: ${output.join('')}`);
}
