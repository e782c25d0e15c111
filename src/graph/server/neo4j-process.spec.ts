import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { COMMUNITY_ENTRY_POINT } from './neo4j-layout';
import {
  isOurServer,
  isPortInUse,
  isProcessAlive,
  runningServerPid,
  tailFile,
  withStartLock,
} from './neo4j-process';

describe('neo4j process helpers', () => {
  let dir: string;
  let pidFile: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-neo4j-'));
    pidFile = path.join(dir, 'neo4j.pid');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe('runningServerPid', () => {
    it('is undefined without a pid file', () => {
      expect(runningServerPid(pidFile, '/home')).toBeUndefined();
    });

    it('returns the pid while our server runs', () => {
      fs.writeFileSync(pidFile, '4242\n');
      expect(runningServerPid(pidFile, '/home', (pid, home) => pid === 4242 && home === '/home')).toBe(4242);
      expect(fs.existsSync(pidFile)).toBe(true);
    });

    it('removes a stale pid file whose process is gone', () => {
      fs.writeFileSync(pidFile, '4242');
      expect(runningServerPid(pidFile, '/home', () => false)).toBeUndefined();
      expect(fs.existsSync(pidFile)).toBe(false);
    });

    it('removes a garbled pid file', () => {
      fs.writeFileSync(pidFile, 'not a pid');
      expect(runningServerPid(pidFile, '/home', () => true)).toBeUndefined();
      expect(fs.existsSync(pidFile)).toBe(false);
    });

    it('treats a live process that is not a Neo4j server for this home as stale (pid reuse)', () => {
      fs.writeFileSync(pidFile, String(process.pid)); // jest itself: alive, but not CommunityEntryPoint
      expect(runningServerPid(pidFile, dir)).toBeUndefined();
      expect(fs.existsSync(pidFile)).toBe(false);
    });
  });

  it('isProcessAlive tells live from dead pids', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
  });

  it('isPortInUse sees a listening socket', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      expect(await isPortInUse(port)).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await isPortInUse(port)).toBe(false);
  });

  it('tailFile returns the last lines', () => {
    const log = path.join(dir, 'neo4j.log');
    fs.writeFileSync(log, 'a\nb\nc\nd\n');
    expect(tailFile(log, 2)).toBe('c\nd');
    expect(tailFile(path.join(dir, 'missing.log'))).toBe('(no log written)');
    fs.writeFileSync(log, '== start\nold\n== start\nnew 1\nnew 2\n');
    expect(tailFile(log, 10, '== start')).toBe('== start\nnew 1\nnew 2');
  });

  describe('withStartLock', () => {
    it('runs work serially and releases the lock', async () => {
      const lock = path.join(dir, 'start.lock');
      const order: string[] = [];
      const job = (name: string) =>
        withStartLock(lock, 5_000, async () => {
          order.push(`${name}:in`);
          await new Promise((resolve) => setTimeout(resolve, 50));
          order.push(`${name}:out`);
        });
      await Promise.all([job('a'), job('b')]);
      expect(order).toEqual(['a:in', 'a:out', 'b:in', 'b:out']);
      expect(fs.existsSync(lock)).toBe(false);
    });

    it('takes over a lock left by a dead process', async () => {
      const lock = path.join(dir, 'start.lock');
      fs.writeFileSync(lock, String(2 ** 22 + 12345));
      await expect(withStartLock(lock, 1_000, async () => 'done')).resolves.toBe('done');
    });

    it('releases the lock when the work fails', async () => {
      const lock = path.join(dir, 'start.lock');
      await expect(withStartLock(lock, 1_000, async () => Promise.reject(new Error('boom')))).rejects.toThrow(
        'boom',
      );
      expect(fs.existsSync(lock)).toBe(false);
    });
  });
});

describe('isOurServer through a symlinked home', () => {
  it('recognises a server started for the real path when asked with a symlink to it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-home-'));
    const real = path.join(dir, 'real');
    const link = path.join(dir, 'link');
    fs.mkdirSync(real);
    fs.symlinkSync(real, link);
    // a process whose command line looks like the launcher's server for `real`
    const child = spawn(process.execPath, [
      '-e',
      'setTimeout(() => {}, 20000)',
      COMMUNITY_ENTRY_POINT,
      `--home-dir=${real}`,
    ]);
    try {
      expect(isOurServer(child.pid!, real)).toBe(true);
      expect(isOurServer(child.pid!, link)).toBe(true);
      expect(isOurServer(child.pid!, path.join(dir, 'other'))).toBe(false);
    } finally {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
