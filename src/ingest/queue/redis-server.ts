import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as net from 'node:net';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { folioHome } from '../../common/local-paths';

// The local Redis the queue runner uses (`folio redis start|stop|status`): Debian's redis-server, bound to loopback,
// append-only file on, its data and pid under FOLIO_HOME/redis/<port> so servers on other ports never share files.

const run = promisify(execFile);

export interface RedisServerStatus {
  running: boolean;
  pid: number | null;
  port: number;
  /** Answers PING on 127.0.0.1:<port> (ours or another server). */
  reachable: boolean;
}

export function redisDir(port: number): string {
  return path.join(folioHome(), 'redis', String(port));
}

const pidFile = (port: number) => path.join(redisDir(port), 'redis.pid');

/** True when a Redis answers PING on 127.0.0.1:port within a second. */
export function pingRedis(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

async function readPid(port: number): Promise<number | null> {
  const text = await fs.readFile(pidFile(port), 'utf8').catch(() => null);
  const pid = text ? Number(text.trim()) : NaN;
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export async function redisStatus(port: number): Promise<RedisServerStatus> {
  const pid = await readPid(port);
  return { running: pid !== null, pid, port, reachable: await pingRedis(port) };
}

/** Starts redis-server daemonized on 127.0.0.1:port unless ours already runs; waits until it answers PING. */
export async function startRedis(port: number): Promise<{ pid: number; alreadyRunning: boolean }> {
  const before = await redisStatus(port);
  if (before.running && before.pid) return { pid: before.pid, alreadyRunning: true };
  if (before.reachable)
    throw new Error(`Something else answers on 127.0.0.1:${port}; stop it or choose another REDIS_PORT.`);
  await run('redis-server', ['--version']).catch(() => {
    throw new Error(
      'redis-server is not installed. Install it (Debian/Ubuntu: `apt-get install redis-server`), then run this again.',
    );
  });
  const dir = redisDir(port);
  await fs.mkdir(dir, { recursive: true });
  const args = [
    '--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes',
    '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec',
    '--daemonize', 'yes', '--pidfile', pidFile(port), '--logfile', path.join(dir, 'redis.log'),
    // BullMQ requires that Redis never evicts its keys.
    '--maxmemory-policy', 'noeviction',
  ]; // prettier-ignore
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`redis-server exited with ${code}; see ${path.join(dir, 'redis.log')}.`);
  for (let i = 0; i < 100; i++) {
    const pid = await readPid(port);
    if (pid && (await pingRedis(port))) return { pid, alreadyRunning: false };
    await sleep(100);
  }
  throw new Error(
    `Redis did not answer on 127.0.0.1:${port} within 10 s; see ${path.join(dir, 'redis.log')}.`,
  );
}

/** Stops our Redis on `port` (SIGTERM: it writes its append-only file and exits); waits up to 10 s. */
export async function stopRedis(port: number): Promise<{ wasRunning: boolean }> {
  const pid = await readPid(port);
  if (pid === null) return { wasRunning: false };
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100; i++) {
    if ((await readPid(port)) === null) return { wasRunning: true };
    await sleep(100);
  }
  throw new Error(`Redis (pid ${pid}) did not stop within 10 s.`);
}
