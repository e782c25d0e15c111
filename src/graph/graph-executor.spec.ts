import { type Driver, Neo4jError } from 'neo4j-driver';
import { loadConfig } from '../config/folio-config';
import type { CypherQuery } from './cypher-registry';
import { GraphError, GraphErrorCode } from './graph.errors';
import { GraphExecutor, translateNeo4jError } from './graph-executor';

describe('translateNeo4jError when Neo4j is down', () => {
  const driverParagraph =
    'Could not perform discovery. No routing servers available. Known routing table: … ' +
    'Please ensure that your database is listening on the correct host and port and that you have ' +
    'compatible encryption settings both on Neo4j server and driver.';

  it('leads with what to do at which URI, the driver detail after', () => {
    const err = translateNeo4jError(
      new Neo4jError(driverParagraph, 'ServiceUnavailable', '', ''),
      'list-documents',
      0,
      'bolt://127.0.0.1:7999',
    ) as Error & { code: string };
    expect(err.code).toBe(GraphErrorCode.NEO4J_UNAVAILABLE);
    const [first, ...rest] = err.message.split('\n');
    expect(first).toBe(
      'Neo4j is not running at bolt://127.0.0.1:7999 (or cannot be reached): start it with `npm run neo4j:start`, or set NEO4J_URI to a running server.',
    );
    expect(rest.join('\n')).toContain(driverParagraph);
    expect(err.message.indexOf('encryption')).toBeGreaterThan(err.message.indexOf('neo4j:start'));
  });
});

describe('translateNeo4jError of an unavailable database', () => {
  const unavailable: Array<[string, string]> = [
    [
      'Neo.TransientError.General.DatabaseUnavailable',
      'The database is not currently available to serve your request, refer to the database logs for more details.',
    ],
    ['Neo.TransientError.Database.DatabaseUnavailable', "Database 'neo4j' is unavailable."],
    ['ServiceUnavailable', 'Connection was closed by server'],
    ['SessionExpired', 'No longer possible to write'],
    ['Neo.TransientError.Transaction.LeaderSwitch', 'leader switched'],
    ['N/A', 'The database is not currently available to serve your request'],
  ];
  it.each(unavailable)('%s is NEO4J_UNAVAILABLE, not QUERY_FAILED', (code, message) => {
    const err = translateNeo4jError(new Neo4jError(message, code, '', ''), 'ingest/mark-document-ready');
    expect(err).toMatchObject({ code: GraphErrorCode.NEO4J_UNAVAILABLE, neo4jCode: code });
  });

  it('leaves a query error a QUERY_FAILED', () => {
    const err = translateNeo4jError(
      new Neo4jError('bad', 'Neo.ClientError.Statement.SyntaxError', '', ''),
      'x',
    );
    expect(err).toMatchObject({ code: GraphErrorCode.QUERY_FAILED });
  });
});

describe('GraphExecutor.read', () => {
  const query = { name: 'test/one-read', text: 'RETURN 1 AS x' } as unknown as CypherQuery;
  const configWith = (maxRetryMs: number) => {
    const config = loadConfig({});
    return { ...config, neo4j: { ...config.neo4j, maxRetryMs, readTimeoutMs: 1234 } };
  };

  /** A driver whose sessions answer run() with the scripted outcomes in turn, recording each call. */
  function fakeDriver(outcomes: Array<Error | number>) {
    const calls: Array<{ text: string; config: unknown; closed: boolean }> = [];
    const driver = {
      session: () => {
        const call = { text: '', config: undefined as unknown, closed: false };
        calls.push(call);
        return {
          run: (text: string, _params: unknown, config: unknown) => {
            call.text = text;
            call.config = config;
            const next = outcomes.shift();
            if (next instanceof Error) return Promise.reject(next);
            return Promise.resolve({ records: [{ toObject: () => ({ x: next }) }] });
          },
          close: () => {
            call.closed = true;
            return Promise.resolve();
          },
        };
      },
    } as unknown as Driver;
    return { driver, calls };
  }

  it('runs one auto-commit statement with the read timeout and the operation name', async () => {
    const { driver, calls } = fakeDriver([7]);
    await expect(new GraphExecutor(driver, configWith(1000)).read(query)).resolves.toEqual([{ x: 7 }]);
    expect(calls).toEqual([
      {
        text: 'RETURN 1 AS x',
        config: { metadata: { app: 'folio', operation: 'test/one-read' }, timeout: 1234 },
        closed: true,
      },
    ]);
  });

  it('retries a transient error and gives up on the rest at once', async () => {
    const transient = new Neo4jError('busy', 'Neo.TransientError.General.DatabaseUnavailable', '', '');
    const { driver, calls } = fakeDriver([transient, 3]);
    await expect(new GraphExecutor(driver, configWith(5000)).read(query)).resolves.toEqual([{ x: 3 }]);
    expect(calls).toHaveLength(2);

    const syntax = new Neo4jError('bad', 'Neo.ClientError.Statement.SyntaxError', '', '');
    const failing = fakeDriver([syntax, 3]);
    const error = await new GraphExecutor(failing.driver, configWith(5000))
      .read(query)
      .catch((e: unknown) => e);
    expect((error as GraphError).code).toBe(GraphErrorCode.QUERY_FAILED);
    expect(failing.calls).toHaveLength(1);
    expect(failing.calls[0]!.closed).toBe(true);
  });

  it('stops retrying once NEO4J_RETRY_MS would pass', async () => {
    const transient = new Neo4jError('busy', 'Neo.TransientError.General.DatabaseUnavailable', '', '');
    const { driver, calls } = fakeDriver([transient, transient, 3]);
    const error = await new GraphExecutor(driver, configWith(50)).read(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphError);
    expect(calls).toHaveLength(1);
  });
});

describe('GraphExecutor routing: reads in READ sessions, writes in WRITE sessions, one bookmark manager', () => {
  const reading = { name: 'test/reads', text: 'MATCH (n) RETURN n', writes: false } as CypherQuery;
  const writing = { name: 'test/writes', text: 'CREATE (n)', writes: true } as CypherQuery;

  /** A driver recording each session's config; its transactions and statements answer with no rows. */
  function recordingDriver() {
    const sessions: Array<{ defaultAccessMode?: string; bookmarkManager?: unknown }> = [];
    const tx = { run: () => Promise.resolve({ records: [] }) };
    const driver = {
      session: (config: { defaultAccessMode?: string; bookmarkManager?: unknown }) => {
        sessions.push(config);
        return {
          run: () => Promise.resolve({ records: [] }),
          executeRead: (work: (t: typeof tx) => Promise<unknown>) => work(tx),
          executeWrite: (work: (t: typeof tx) => Promise<unknown>) => work(tx),
          close: () => Promise.resolve(),
        };
      },
    } as unknown as Driver;
    return { driver, sessions, graph: new GraphExecutor(driver, loadConfig({})) };
  }

  it('routes read() and readTx() READ and write() and writeTx() WRITE, all with the same bookmark manager', async () => {
    const { sessions, graph } = recordingDriver();
    await graph.read(reading);
    await graph.readTx('x', (t) => t.run(reading));
    await graph.write(writing);
    await graph.writeTx('y', async (t) => [await t.run(reading), await t.run(writing)]);
    expect(sessions.map((s) => s.defaultAccessMode)).toEqual(['READ', 'READ', 'WRITE', 'WRITE']);
    expect(sessions[0]!.bookmarkManager).toBeDefined();
    for (const s of sessions) expect(s.bookmarkManager).toBe(sessions[0]!.bookmarkManager);
  });

  it('refuses a query that writes in a read, and one that only reads in write(), before any session opens', async () => {
    const { sessions, graph } = recordingDriver();
    await expect(graph.read(writing)).rejects.toMatchObject({ code: GraphErrorCode.WRONG_ACCESS_MODE });
    await expect(graph.write(reading)).rejects.toMatchObject({ code: GraphErrorCode.WRONG_ACCESS_MODE });
    expect(sessions).toHaveLength(0);
    await expect(graph.readTx('z', (t) => t.run(writing))).rejects.toMatchObject({
      code: GraphErrorCode.WRONG_ACCESS_MODE,
    });
  });
});
