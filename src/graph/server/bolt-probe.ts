import * as fs from 'node:fs';
import * as path from 'node:path';
import neo4j, { type Driver } from 'neo4j-driver';
import type { Neo4jLayout } from './neo4j-layout';
import { isProcessAlive, sleep, tailFile } from './neo4j-process';
import { Neo4jServerError, Neo4jServerErrorCode } from './neo4j-server.errors';
import type { Neo4jServerOptions } from './neo4j-server-options';

// Asking the launcher's server over Bolt whether it is up, who may log in, and whether GDS loaded.

/** The line the launcher writes into the log before each start; log tails begin at the last one. */
export const START_MARKER = '===== Folio launcher: starting Neo4j';
export const PROBE_TIMEOUT_MS = 10_000;

export const boltUrl = (opts: Neo4jServerOptions): string => `bolt://127.0.0.1:${opts.boltPort}`;

export function createDriver(opts: Neo4jServerOptions): Driver {
  return neo4j.driver(boltUrl(opts), neo4j.auth.basic(opts.user, opts.password), {
    connectionTimeout: 3_000,
    connectionAcquisitionTimeout: 5_000,
    // executeQuery would otherwise retry "connection refused" with back-off for 30 s, hiding the moment Bolt is up
    maxTransactionRetryTime: 0,
    maxConnectionPoolSize: 1,
    logging: { level: 'error', logger: () => undefined },
  });
}

/** Polls `RETURN 1` until it answers; fails fast when the process dies or the password is refused. */
export async function waitForBolt(
  opts: Neo4jServerOptions,
  layout: Neo4jLayout,
  pid: number,
  deadline: number,
): Promise<void> {
  const driver = createDriver(opts);
  try {
    for (;;) {
      try {
        // bounded per attempt: a server that accepts the connection but never answers must not hang the caller
        await withTimeout(driver.executeQuery('RETURN 1'), PROBE_TIMEOUT_MS);
        return;
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (code === 'Neo.ClientError.Security.Unauthorized') {
          throw new Neo4jServerError(
            Neo4jServerErrorCode.AUTH_FAILED,
            `Neo4j on ${boltUrl(opts)} refused user '${opts.user}' with NEO4J_PASSWORD. The data in ${layout.data} ` +
              `was initialised with another password: set NEO4J_PASSWORD to it, or stop Neo4j and delete ${layout.data}.`,
          );
        }
      }
      if (!isProcessAlive(pid)) {
        fs.rmSync(layout.pidFile, { force: true });
        throw new Neo4jServerError(
          Neo4jServerErrorCode.SERVER_EXITED,
          `Neo4j (pid ${pid}) exited during start-up. Last lines of ${layout.logFile}:\n${tailFile(layout.logFile, 30, START_MARKER)}`,
        );
      }
      if (Date.now() > deadline) {
        throw new Neo4jServerError(
          Neo4jServerErrorCode.START_TIMEOUT,
          `Neo4j (pid ${pid}) did not answer on ${boltUrl(opts)} within ${opts.startTimeoutMs / 1000} s ` +
            `(NEO4J_opts.startTimeoutMs raises the limit). It is still running; see ${layout.logFile}. Last lines:\n` +
            tailFile(layout.logFile, 30, START_MARKER),
        );
      }
      await sleep(500);
    }
  } finally {
    await driver.close();
  }
}

export async function gdsVersion(driver: Driver): Promise<string> {
  const { records } = await withTimeout(
    driver.executeQuery('RETURN gds.version() AS version'),
    PROBE_TIMEOUT_MS,
  );
  return String(records[0]?.get('version'));
}

export async function assertGds(opts: Neo4jServerOptions, layout: Neo4jLayout): Promise<void> {
  const driver = createDriver(opts);
  try {
    await gdsVersion(driver);
  } catch (err) {
    throw new Neo4jServerError(
      Neo4jServerErrorCode.GDS_MISSING,
      `Neo4j started but Graph Data Science did not load (${(err as Error).message}). ` +
        `Check ${layout.logFile} and ${path.join(layout.logs, 'debug.log')}, or start with NEO4J_GDS=false.`,
    );
  } finally {
    await driver.close();
  }
}

export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
