// What the load benchmark runs against when it starts its own service: the API (dist/main.js) and, with
// `--runner redis`, a Redis of its own (the project's launcher, on a free port, its data under FOLIO_HOME/redis/<port>)
// and N `folio worker` processes. Everything started here is stopped by `stop()`.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as net from 'node:net';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'main.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface FleetOptions {
  runner: 'inline' | 'redis';
  /** `folio worker` processes (redis only), each with concurrency 1. */
  workers: number;
  /** FOLIO_INGEST_CONCURRENCY of the API (inline; unset: the API's default). */
  ingestConcurrency?: number;
}

export interface Fleet {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function folio(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT, env, timeout: 120_000 }, (err, _out, stderr) =>
      err ? reject(new Error(`folio ${args.join(' ')}: ${stderr || err.message}`)) : resolve(),
    ),
  );
}

async function startWorker(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'worker', '--concurrency', '1'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 180_000;
  while (!out.includes('Worker ready')) {
    if (child.exitCode !== null)
      throw new Error(`a worker exited with code ${child.exitCode} while starting`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('a worker did not become ready within 180 s');
    }
    await sleep(500);
  }
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(60_000).then(() => child.kill('SIGKILL'))]);
}

/**
 * Starts the API with a bootstrap key of its own (FOLIO_API_KEYS), so it works whether or not the database holds
 * API keys; the key lives only in this process and the children's environment.
 */
export async function startFleet(apiKey: string, opts: FleetOptions): Promise<Fleet> {
  const started: ChildProcess[] = [];
  const env: NodeJS.ProcessEnv = { ...process.env, FOLIO_INGEST_RUNNER: opts.runner };
  let redisStarted = false;
  const stop = async () => {
    for (const child of started.reverse()) await stopChild(child);
    if (redisStarted) await folio(['redis', 'stop'], env).catch(() => undefined);
  };
  try {
    if (opts.runner === 'redis') {
      env.REDIS_PORT = String(await freePort());
      delete env.REDIS_URL;
      await folio(['redis', 'start'], env);
      redisStarted = true;
      for (let i = 0; i < opts.workers; i++) started.push(await startWorker(env));
    }
    const port = await freePort();
    const api = spawn(process.execPath, [path.join(ROOT, 'dist', 'main.js')], {
      cwd: ROOT,
      env: {
        ...env,
        FOLIO_HTTP_HOST: '127.0.0.1',
        FOLIO_HTTP_PORT: String(port),
        FOLIO_API_KEYS: `admin:${createHash('sha256').update(apiKey).digest('hex')}`,
        ...(opts.ingestConcurrency ? { FOLIO_INGEST_CONCURRENCY: String(opts.ingestConcurrency) } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    started.push(api);
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (api.exitCode !== null) throw new Error(`the API exited with code ${api.exitCode} while starting`);
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
      if (ready?.ok) return { url: `http://127.0.0.1:${port}`, stop };
      if (Date.now() > deadline) throw new Error('the API did not become ready within 180 s');
      await sleep(1000);
    }
  } catch (err) {
    await stop();
    throw err;
  }
}
