import { loadConfig } from '../config/folio-config';
import { type Print, printErr, printOut } from './print';
import {
  browserUrl,
  neo4jServerOptions,
  neo4jStatus,
  startNeo4j,
  stopNeo4j,
  type Neo4jServerOptions,
} from '../graph/server/neo4j-server';

const USAGE = `Usage: folio neo4j <start|stop|status|restart> [--json (status)]

Runs Folio's own Neo4j 5.26 Community server (jars from Maven Central, no Docker) on 127.0.0.1.
Settings: NEO4J_BOLT_PORT (7687), NEO4J_HTTP_PORT (7474), NEO4J_USER (neo4j), NEO4J_PASSWORD,
NEO4J_HEAP (1g), NEO4J_PAGECACHE (512m), NEO4J_GDS (true), FOLIO_HOME (.folio).`;

/** `folio neo4j start|stop|status|restart`; returns the process exit code. */
export async function runNeo4jCommand(
  args: string[],
  print: Print = printOut,
  printError: Print = printErr,
): Promise<number> {
  const json = args.includes('--json');
  const [action, ...rest] = args.filter((a) => a !== '--json');
  if (
    action === undefined ||
    action === 'help' ||
    action === '--help' ||
    action === '-h' ||
    rest.length > 0
  ) {
    (action === undefined || rest.length > 0 ? printError : print)(USAGE);
    return action === undefined || rest.length > 0 ? 2 : 0;
  }
  try {
    const opts = neo4jServerOptions(loadConfig());
    switch (action) {
      case 'start':
        await start(opts, print);
        return 0;
      case 'stop':
        await stop(opts, print);
        return 0;
      case 'restart':
        await stop(opts, print);
        await start(opts, print);
        return 0;
      case 'status':
        return await status(opts, print, json);
      default:
        printError(`Unknown neo4j command '${action}'.\n\n${USAGE}`);
        return 2;
    }
  } catch (err) {
    printError(err instanceof Error ? err.message : String(err));
    return 1;
  }
}

async function start(opts: Neo4jServerOptions, print: Print): Promise<void> {
  const result = await startNeo4j(opts, print);
  print(
    result.alreadyRunning
      ? `Neo4j is already running (pid ${result.pid}) on ${result.boltUrl}`
      : `Neo4j started in ${result.seconds.toFixed(1)} s (pid ${result.pid}) on ${result.boltUrl}`,
  );
  print(`Neo4j Browser: ${browserUrl(opts)}  (user '${opts.user}', password from NEO4J_PASSWORD)`);
}

async function stop(opts: Neo4jServerOptions, print: Print): Promise<void> {
  const started = Date.now();
  const { wasRunning } = await stopNeo4j(opts, print);
  print(
    wasRunning ? `Neo4j stopped in ${((Date.now() - started) / 1000).toFixed(1)} s` : 'Neo4j is not running',
  );
}

async function status(opts: Neo4jServerOptions, print: Print, json: boolean): Promise<number> {
  const s = await neo4jStatus(opts);
  if (json) {
    print(JSON.stringify({ ...s, browserUrl: browserUrl(opts) }, null, 2));
    return s.running ? (s.boltReachable ? 0 : 1) : 3;
  }
  if (!s.running) {
    print(
      s.boltReachable
        ? `Folio's Neo4j is not running, but something answers on ${s.boltUrl}`
        : 'Neo4j is not running',
    );
    return 3;
  }
  print(
    `Neo4j ${s.version ?? '(version unknown)'} running (pid ${s.pid}) on ${s.boltUrl}: Bolt ${s.boltReachable ? 'reachable' : 'NOT reachable'}`,
  );
  if (opts.withGds) print(`Graph Data Science: ${s.gdsVersion ?? 'not loaded'}`);
  print(`Neo4j Browser: ${browserUrl(opts)}  (user '${opts.user}')`);
  return s.boltReachable ? 0 : 1;
}
