import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fetchMavenProfile, mavenProfileArtifacts } from '../../common/maven-fetch';
import {
  assertGds,
  boltUrl,
  createDriver,
  gdsVersion,
  PROBE_TIMEOUT_MS,
  START_MARKER,
  waitForBolt,
  withTimeout,
} from './bolt-probe';
import { selectGdsPluginJars } from './gds-plugin-jars';
import {
  type Neo4jLayout,
  neo4jLayout,
  renderNeo4jConf,
  serverJavaArgs,
  setInitialPasswordJavaArgs,
  USER_LOGS_XML,
} from './neo4j-layout';
import { isPortInUse, isProcessAlive, runningServerPid, sleep, withStartLock } from './neo4j-process';
import { Neo4jServerError, Neo4jServerErrorCode } from './neo4j-server.errors';
import type { Neo4jServerOptions } from './neo4j-server-options';

export type { Neo4jServerOptions } from './neo4j-server-options';
export { neo4jServerOptions } from './neo4j-server-options';

export interface StartNeo4jResult {
  alreadyRunning: boolean;
  pid: number;
  boltUrl: string;
  /** Seconds from the call to Bolt answering (0 when already running). */
  seconds: number;
}

export interface Neo4jStatus {
  running: boolean;
  pid?: number;
  boltUrl: string;
  boltReachable: boolean;
  version?: string;
  gdsVersion?: string;
}

type Log = (msg: string) => void;

const STOP_TIMEOUT_MS = 60_000;

export const browserUrl = (opts: Neo4jServerOptions): string => `http://127.0.0.1:${opts.httpPort}/browser/`;

/**
 * Starts the launcher's Neo4j (fetching the jars on first use) and resolves once `RETURN 1` answers over Bolt.
 * A no-op when our server already runs; a stale pid file is cleaned; ports held by anything else are an error.
 */
export async function startNeo4j(
  opts: Neo4jServerOptions,
  log: Log = () => undefined,
): Promise<StartNeo4jResult> {
  const layout = neo4jLayout(opts.home);
  const started = Date.now();
  for (const dir of [layout.home, layout.run, layout.logs]) fs.mkdirSync(dir, { recursive: true });

  return withStartLock(layout.startLock, opts.startTimeoutMs, async () => {
    const running = runningServerPid(layout.pidFile, layout.home);
    if (running !== undefined) {
      await waitForBolt(opts, layout, running, Date.now() + opts.startTimeoutMs);
      return { alreadyRunning: true, pid: running, boltUrl: boltUrl(opts), seconds: 0 };
    }
    await assertPortsFree(opts);
    await prepareHome(opts, layout, log);
    if (!fs.existsSync(path.join(layout.data, 'dbms'))) await setInitialPassword(opts, layout, log);

    log(
      `Starting Neo4j (heap ${opts.heap}, page cache ${opts.pageCache}${opts.withGds ? ', GDS' : ''}; usually 30-90 s); ` +
        `log: ${layout.logFile}`,
    );
    const pid = spawnServer(opts, layout);
    const bootStarted = Date.now();
    await waitForBolt(opts, layout, pid, Date.now() + opts.startTimeoutMs);
    if (opts.withGds) await assertGds(opts, layout);
    log(`Neo4j is up on ${boltUrl(opts)} after ${secondsSince(bootStarted)} s (pid ${pid})`);
    return { alreadyRunning: false, pid, boltUrl: boltUrl(opts), seconds: Number(secondsSince(started)) };
  });
}

/** SIGTERM, then SIGKILL when the server has not exited after a minute; a no-op when it is not running. */
export async function stopNeo4j(
  opts: Neo4jServerOptions,
  log: Log = () => undefined,
): Promise<{ wasRunning: boolean }> {
  const layout = neo4jLayout(opts.home);
  const pid = runningServerPid(layout.pidFile, layout.home);
  if (pid === undefined) return { wasRunning: false };
  log(`Stopping Neo4j (pid ${pid})`);
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isProcessAlive(pid) && Date.now() < deadline) await sleep(250);
  if (isProcessAlive(pid)) {
    log(`Neo4j did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it`);
    process.kill(pid, 'SIGKILL');
    const killDeadline = Date.now() + 10_000;
    while (isProcessAlive(pid) && Date.now() < killDeadline) await sleep(100);
    if (isProcessAlive(pid)) {
      throw new Neo4jServerError(Neo4jServerErrorCode.STOP_FAILED, `Neo4j (pid ${pid}) survived SIGKILL`);
    }
  }
  fs.rmSync(layout.pidFile, { force: true });
  return { wasRunning: true };
}

export async function neo4jStatus(opts: Neo4jServerOptions): Promise<Neo4jStatus> {
  const layout = neo4jLayout(opts.home);
  const pid = runningServerPid(layout.pidFile, layout.home);
  const status: Neo4jStatus = { running: pid !== undefined, boltUrl: boltUrl(opts), boltReachable: false };
  if (pid !== undefined) status.pid = pid;
  const driver = createDriver(opts);
  try {
    const info = await withTimeout(driver.getServerInfo(), PROBE_TIMEOUT_MS);
    status.boltReachable = true;
    if (info.agent) status.version = info.agent.replace(/^Neo4j\//, '');
    if (opts.withGds) status.gdsVersion = await gdsVersion(driver).catch(() => undefined);
  } catch {
    // not reachable: boltReachable stays false
  } finally {
    await driver.close();
  }
  return status;
}

async function assertPortsFree(opts: Neo4jServerOptions): Promise<void> {
  const ports: [string, number][] = [
    ['NEO4J_BOLT_PORT', opts.boltPort],
    ['NEO4J_HTTP_PORT', opts.httpPort],
  ];
  for (const [variable, port] of ports) {
    if (await isPortInUse(port)) {
      throw new Neo4jServerError(
        Neo4jServerErrorCode.PORT_IN_USE,
        `Port ${port} on 127.0.0.1 is already in use by another program (not Folio's Neo4j in ${opts.home}). ` +
          `Stop that program, or choose another port with ${variable}=<port>.`,
      );
    }
  }
}

/** lib/ = links to the Neo4j jars, plugins/ = the GDS selection, conf/neo4j.conf rewritten. */
async function prepareHome(opts: Neo4jServerOptions, layout: Neo4jLayout, log: Log): Promise<void> {
  const fetchStarted = Date.now();
  const neo4jLib = await fetchMavenProfile('neo4j');
  const libArtifacts = await mavenProfileArtifacts('neo4j');
  linkJars(
    neo4jLib,
    libArtifacts.map((a) => a.fileName),
    layout.lib,
  );

  if (opts.withGds) {
    const gdsDir = await fetchMavenProfile('gds');
    const selection = selectGdsPluginJars(await mavenProfileArtifacts('gds'), libArtifacts);
    linkJars(gdsDir, selection.keep, layout.plugins);
  } else {
    linkJars('', [], layout.plugins);
  }
  const fetchSeconds = secondsSince(fetchStarted);
  if (Number(fetchSeconds) >= 1)
    log(`Fetched the Neo4j${opts.withGds ? ' and GDS' : ''} jars in ${fetchSeconds} s`);

  for (const dir of [layout.conf, layout.data, layout.importDir]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(layout.confFile, renderNeo4jConf(opts, layout));
  fs.writeFileSync(layout.userLogsConfig, USER_LOGS_XML);
}

/** Replaces `target` with symlinks to `files` in `sourceDir` (a copy where symlinks are not allowed). */
function linkJars(sourceDir: string, files: readonly string[], target: string): void {
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  for (const file of files) {
    const source = path.join(sourceDir, file);
    if (!fs.existsSync(source)) {
      throw new Error(
        `${source} is listed by Maven but missing; delete ${sourceDir} and start again to re-fetch it`,
      );
    }
    try {
      fs.symlinkSync(source, path.join(target, file));
    } catch {
      fs.copyFileSync(source, path.join(target, file));
    }
  }
}

async function setInitialPassword(opts: Neo4jServerOptions, layout: Neo4jLayout, log: Log): Promise<void> {
  log('Fresh data directory: setting the initial password');
  const { code, output } = await runJava(setInitialPasswordJavaArgs(opts.password, layout), {
    ...process.env,
    NEO4J_HOME: layout.home,
    NEO4J_CONF: layout.conf,
  });
  if (code !== 0) {
    throw new Neo4jServerError(
      Neo4jServerErrorCode.SET_PASSWORD_FAILED,
      `neo4j-admin dbms set-initial-password failed (exit ${code}):\n${output.slice(-2000)}`,
    );
  }
}

function runJava(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('java', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
    child.on('error', (err) => reject(javaNotFound(err)));
    child.on('close', (code) => resolve({ code: code ?? 1, output: output.join('') }));
  });
}

const javaNotFound = (err: Error): Neo4jServerError =>
  new Neo4jServerError(
    Neo4jServerErrorCode.JAVA_NOT_FOUND,
    `Could not run java (${err.message}). Neo4j 5.26 needs Java 17 or 21 on the PATH.`,
  );

/** Starts the server detached (it outlives this process), output appended to logs/neo4j.log, pid in run/. */
function spawnServer(opts: Neo4jServerOptions, layout: Neo4jLayout): number {
  fs.appendFileSync(layout.logFile, `\n${START_MARKER} at ${new Date().toISOString()} =====\n`);
  const out = fs.openSync(layout.logFile, 'a');
  try {
    const child = spawn('java', serverJavaArgs(opts, layout), {
      cwd: layout.home,
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, NEO4J_HOME: layout.home, NEO4J_CONF: layout.conf },
    });
    child.on('error', () => undefined); // reported below: no pid, or the process is gone while waiting for Bolt
    if (child.pid === undefined) throw javaNotFound(new Error('spawn java failed'));
    child.unref();
    fs.writeFileSync(layout.pidFile, String(child.pid));
    return child.pid;
  } finally {
    fs.closeSync(out);
  }
}

const secondsSince = (start: number): string => ((Date.now() - start) / 1000).toFixed(1);
