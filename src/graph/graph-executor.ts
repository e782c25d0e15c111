import { Inject, Injectable } from '@nestjs/common';
import neo4j, { Driver, ManagedTransaction, Neo4jError, QueryResult, RecordShape } from 'neo4j-driver';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import type { CypherQuery } from './cypher-registry';
import { GraphError, GraphErrorCode } from './graph.errors';
import { NEO4J_DRIVER } from './graph.tokens';

export type Params = Record<string, unknown>;

export interface ReadOptions {
  /** Overrides NEO4J_READ_TIMEOUT_MS for this transaction; 0 = no timeout (for reads that wait on purpose). */
  timeoutMs?: number;
}

/** A unit of work inside one managed transaction; runs registered queries only. */
export interface GraphTx {
  run<R extends RecordShape = RecordShape>(query: CypherQuery, params?: Params): Promise<R[]>;
}

/** Driver values → plain JSON-like values: integers to numbers, nodes and relationships to their properties. */
function toPlain(value: unknown): unknown {
  if (neo4j.isInt(value)) return value.toNumber();
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof neo4j.types.Node || value instanceof neo4j.types.Relationship)
    return toPlain(value.properties);
  if (isTemporal(value)) return value.toString();
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, toPlain(x)]));
  }
  return value;
}

function isTemporal(value: unknown): value is { toString(): string } {
  return (
    neo4j.isDateTime(value) ||
    neo4j.isDate(value) ||
    neo4j.isLocalDateTime(value) ||
    neo4j.isTime(value) ||
    neo4j.isLocalTime(value) ||
    neo4j.isDuration(value)
  );
}

/**
 * A query runs in the transaction its access mode needs: a cluster routes READ to any member and WRITE to the
 * leader, so a write in a read session fails there and a read in a write session loads the leader for nothing.
 */
function requireAccessMode(query: CypherQuery, mode: 'READ' | 'WRITE'): void {
  if (mode === 'READ' && query.writes === true)
    throw new GraphError(
      GraphErrorCode.WRONG_ACCESS_MODE,
      `${query.name} writes, so it cannot run in a read transaction: call write() or writeTx() for it.`,
    );
  if (mode === 'WRITE' && query.writes === false)
    throw new GraphError(
      GraphErrorCode.WRONG_ACCESS_MODE,
      `${query.name} only reads: call read() for it, so a cluster can route it to a secondary.`,
    );
}

function records<R extends RecordShape>(result: QueryResult): R[] {
  return result.records.map((r) => toPlain(r.toObject()) as R);
}

/**
 * The driver's own codes when no server answers, and the server's when it is up but its database is not (stopping,
 * starting): "The database is not currently available". Both mean: Neo4j is unavailable, try again later.
 */
const UNAVAILABLE_CODES = new Set([
  'ServiceUnavailable',
  'SessionExpired',
  'Neo.TransientError.General.DatabaseUnavailable',
  'Neo.TransientError.Database.DatabaseUnavailable',
  'Neo.TransientError.Transaction.LeaderSwitch',
  'Neo.ClientError.Cluster.NotALeader',
]);

function isUnavailable(err: Neo4jError): boolean {
  return (
    UNAVAILABLE_CODES.has(err.code) ||
    /database is not currently available|database .* is unavailable/i.test(err.message)
  );
}

export function translateNeo4jError(
  err: unknown,
  operation: string,
  timeoutMs = 0,
  uri = 'the configured NEO4J_URI',
): Error {
  if (err instanceof GraphError) return err;
  if (err instanceof Neo4jError) {
    if (err.code.startsWith('Neo.ClientError.Transaction.TransactionTimedOut')) {
      const limit = timeoutMs > 0 ? `after ${timeoutMs} ms (NEO4J_READ_TIMEOUT_MS)` : 'at the server timeout';
      return new GraphError(
        GraphErrorCode.QUERY_TIMED_OUT,
        `Neo4j stopped ${operation} ${limit}; ask for less at once (a smaller scope, range or list).`,
        err.code,
      );
    }
    if (isUnavailable(err)) {
      return new GraphError(
        GraphErrorCode.NEO4J_UNAVAILABLE,
        // What to do first; the driver's paragraph (often about encryption) only after it.
        `Neo4j is not running at ${uri} (or cannot be reached): start it with \`npm run neo4j:start\`, ` +
          `or set NEO4J_URI to a running server.\n  (${operation}; driver said: ${err.message})`,
        err.code,
      );
    }
    // The pool's own timeout carries no code: every connection busy, or a server that accepts but never answers.
    if (err.message.startsWith('Connection acquisition timed out')) {
      return new GraphError(
        GraphErrorCode.NEO4J_UNAVAILABLE,
        `Neo4j gave no connection in time (${operation}): ${err.message} Try again shortly; if it persists, check that Neo4j answers.`,
        err.code,
      );
    }
    if (err.code === 'Neo.ClientError.Security.Unauthorized') {
      return new GraphError(
        GraphErrorCode.NEO4J_AUTH_FAILED,
        `Neo4j rejected the credentials (${operation}). Check NEO4J_USER and NEO4J_PASSWORD.`,
        err.code,
      );
    }
    if (err.code === 'Neo.ClientError.Schema.ConstraintValidationFailed') {
      return new GraphError(GraphErrorCode.CONSTRAINT_VIOLATION, `${operation}: ${err.message}`, err.code);
    }
    return new GraphError(GraphErrorCode.QUERY_FAILED, `${operation} failed: ${err.message}`, err.code);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * Owns every conversation with Neo4j: a session per unit of work on the configured database, managed
 * transactions (the driver retries transient errors), transaction metadata naming the operation, the session
 * closed in `finally`, and Neo4j errors translated into GraphErrors. Reads are routed READ and writes WRITE
 * (`neo4j://` against a cluster), and every session shares one bookmark manager, so a read sees this process's
 * earlier writes whichever member serves it.
 */
@Injectable()
export class GraphExecutor {
  private readonly database: string;
  private readonly readTimeoutMs: number;
  private readonly maxRetryMs: number;
  private readonly uri: string;
  private readonly bookmarks = neo4j.bookmarkManager();

  constructor(
    @Inject(NEO4J_DRIVER) private readonly driver: Driver,
    @Inject(FOLIO_CONFIG) config: FolioConfig,
  ) {
    this.database = config.neo4j.database;
    this.readTimeoutMs = config.neo4j.readTimeoutMs;
    this.maxRetryMs = config.neo4j.maxRetryMs;
    this.uri = config.neo4j.uri;
  }

  /**
   * One read in an auto-commit transaction: RUN and PULL go together, one round trip where a managed transaction takes
   * two, and on a loaded machine the round trip is most of a scoped search. Transient errors are retried as executeRead does. */
  async read<R extends RecordShape = RecordShape>(
    query: CypherQuery,
    params: Params = {},
    options: ReadOptions = {},
  ): Promise<R[]> {
    requireAccessMode(query, 'READ');
    const timeoutMs = options.timeoutMs ?? this.readTimeoutMs;
    const config = {
      metadata: { app: 'folio', operation: query.name },
      timeout: timeoutMs > 0 ? timeoutMs : undefined,
    };
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      const session = this.driver.session({
        database: this.database,
        defaultAccessMode: neo4j.session.READ,
        bookmarkManager: this.bookmarks,
      });
      try {
        return records<R>(await session.run(query.text, params, config));
      } catch (err) {
        const waitMs = Math.min(1000, 100 * 2 ** attempt);
        if (!neo4j.isRetriableError(err) || performance.now() - started + waitMs > this.maxRetryMs) {
          throw translateNeo4jError(err, query.name, timeoutMs, this.uri);
        }
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      } finally {
        await session.close();
      }
    }
  }

  /** Runs one write query in its own transaction. */
  async write<R extends RecordShape = RecordShape>(query: CypherQuery, params: Params = {}): Promise<R[]> {
    requireAccessMode(query, 'WRITE');
    return this.writeTx(query.name, (tx) => tx.run<R>(query, params));
  }

  async readTx<T>(
    operation: string,
    work: (tx: GraphTx) => Promise<T>,
    options: ReadOptions = {},
  ): Promise<T> {
    return this.session('READ', operation, work, options.timeoutMs ?? this.readTimeoutMs);
  }

  async writeTx<T>(operation: string, work: (tx: GraphTx) => Promise<T>): Promise<T> {
    return this.session('WRITE', operation, work, 0);
  }

  /**
   * Schema commands (migrations) and `CALL { … } IN TRANSACTIONS` need an auto-commit transaction of their own;
   * the driver does not retry these, so they must be idempotent.
   */
  async runAutoCommit(query: CypherQuery, params: Params = {}): Promise<void> {
    const session = this.driver.session({
      database: this.database,
      defaultAccessMode: neo4j.session.WRITE,
      bookmarkManager: this.bookmarks,
    });
    try {
      await session.run(query.text, params, { metadata: { app: 'folio', operation: query.name } });
    } catch (err) {
      throw translateNeo4jError(err, query.name, 0, this.uri);
    } finally {
      await session.close();
    }
  }

  /**
   * EXPLAINs a query without running it (the test that checks every Cypher file): the server's query type, `r`
   * for a read, `rw` or `w` for a write, `s` for a schema command.
   */
  async explain(query: CypherQuery, params: Params): Promise<string> {
    const session = this.driver.session({ database: this.database, defaultAccessMode: neo4j.session.READ });
    try {
      const result = await session.executeRead((tx) => tx.run(`EXPLAIN ${query.text}`, params));
      return result.summary.queryType;
    } catch (err) {
      throw translateNeo4jError(err, `explain:${query.name}`, 0, this.uri);
    } finally {
      await session.close();
    }
  }

  async verifyConnectivity(): Promise<void> {
    try {
      await this.driver.getServerInfo({ database: this.database });
    } catch (err) {
      throw translateNeo4jError(err, 'connect', 0, this.uri);
    }
  }

  private async session<T>(
    mode: 'READ' | 'WRITE',
    operation: string,
    work: (tx: GraphTx) => Promise<T>,
    timeoutMs: number,
  ): Promise<T> {
    const session = this.driver.session({
      database: this.database,
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      bookmarkManager: this.bookmarks,
    });
    // Neo4j terminates the transaction at the timeout (not retried by the driver: it is a client error).
    const config = { metadata: { app: 'folio', operation }, timeout: timeoutMs > 0 ? timeoutMs : undefined };
    const body = (mtx: ManagedTransaction) =>
      work({
        run: async <R extends RecordShape>(q: CypherQuery, p: Params = {}) => {
          // A write transaction may read too (a read-then-write unit of work); a read one may not write.
          if (mode === 'READ') requireAccessMode(q, 'READ');
          return records<R>(await mtx.run(q.text, p));
        },
      });
    try {
      return mode === 'READ'
        ? await session.executeRead(body, config)
        : await session.executeWrite(body, config);
    } catch (err) {
      throw translateNeo4jError(err, operation, timeoutMs, this.uri);
    } finally {
      await session.close();
    }
  }
}
