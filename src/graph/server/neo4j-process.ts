import * as fs from 'node:fs';
import * as net from 'node:net';
import { COMMUNITY_ENTRY_POINT } from './neo4j-layout';

/** True when a process with this pid exists (signal 0 checks without signalling). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a process, or undefined where /proc is not available. */
function commandLine(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return undefined;
  }
}

/** Guards against pid reuse: the live process must be a Neo4j server started for this home. */
export function isOurServer(pid: number, home: string): boolean {
  if (!isProcessAlive(pid)) return false;
  const cmd = commandLine(pid);
  if (cmd === undefined) return true;
  // A home reached through a symlink (a work tree whose .folio links to another's) is the same server.
  const homes = new Set([home, realPathOr(home)]);
  return cmd.includes(COMMUNITY_ENTRY_POINT) && [...homes].some((h) => cmd.includes(`--home-dir=${h}`));
}

function realPathOr(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

export function readPid(pidFile: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pid of our running server, or undefined. A pid file whose process is gone (or is some other program that
 * got the pid) is stale and removed.
 */
export function runningServerPid(pidFile: string, home: string, isOurs = isOurServer): number | undefined {
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = readPid(pidFile);
  if (pid !== undefined && isOurs(pid, home)) return pid;
  fs.rmSync(pidFile, { force: true });
  return undefined;
}

/** Whether something already listens on 127.0.0.1:port (a bind attempt, released at once). */
export async function isPortInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'EADDRINUSE' || err.code === 'EACCES'),
    );
    server.once('listening', () => server.close(() => resolve(false)));
    server.listen({ port, host, exclusive: true });
  });
}

/** The last lines of a log file, for error messages; with `since`, only what follows its last occurrence. */
export function tailFile(file: string, lines = 30, since?: string): string {
  try {
    let text = fs.readFileSync(file, 'utf8');
    const start = since === undefined ? -1 : text.lastIndexOf(since);
    if (start >= 0) text = text.slice(start);
    return text.trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log written)';
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Serialises starts from several processes (parallel test runs, two terminals): an exclusive lock file holding
 * the owner's pid; a lock whose owner died is taken over.
 */
export async function withStartLock<T>(
  lockFile: string,
  timeoutMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readPid(lockFile);
      if (owner === undefined || !isProcessAlive(owner)) {
        fs.rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `Another process (pid ${owner}) has been starting Neo4j for too long; lock file ${lockFile}`,
        );
      }
      await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
