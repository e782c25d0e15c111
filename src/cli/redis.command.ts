import { loadConfig } from '../config/folio-config';
import { type Print, printErr, printOut } from './print';
import { redisDir, redisStatus, startRedis, stopRedis } from '../ingest/queue/redis-server';

const USAGE = `Usage: folio redis <start|stop|status>

Runs a local Redis (Debian's redis-server) on 127.0.0.1:REDIS_PORT (6379) for FOLIO_INGEST_RUNNER=redis,
append-only file on, data under FOLIO_HOME/redis/<port>.`;

/** `folio redis start|stop|status`; returns the process exit code (status: 0 running, 3 not running). */
export async function runRedisCommand(
  args: string[],
  print: Print = printOut,
  printError: Print = printErr,
): Promise<number> {
  const [action, ...rest] = args;
  if (!action || rest.length > 0 || !['start', 'stop', 'status'].includes(action)) {
    printError(USAGE);
    return 2;
  }
  const { port } = loadConfig().redis;
  try {
    if (action === 'start') {
      const r = await startRedis(port);
      print(
        `Redis ${r.alreadyRunning ? 'is already running' : 'started'} (pid ${r.pid}) on 127.0.0.1:${port}`,
      );
      print(`Data: ${redisDir(port)}`);
      return 0;
    }
    if (action === 'stop') {
      print((await stopRedis(port)).wasRunning ? 'Redis stopped' : 'Redis is not running');
      return 0;
    }
    const s = await redisStatus(port);
    if (s.running)
      print(
        `Redis running (pid ${s.pid}) on 127.0.0.1:${port}: ${s.reachable ? 'reachable' : 'NOT reachable'}`,
      );
    else
      print(
        s.reachable
          ? `Folio's Redis is not running, but something answers on 127.0.0.1:${port}`
          : 'Redis is not running',
      );
    return s.running ? (s.reachable ? 0 : 1) : 3;
  } catch (err) {
    printError(err instanceof Error ? err.message : String(err));
    return 1;
  }
}
