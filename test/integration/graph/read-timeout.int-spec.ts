import * as path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { loadConfig } from '../../../src/config/folio-config';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { GraphError, GraphErrorCode } from '../../../src/graph/graph.errors';
import { NEO4J_DRIVER } from '../../../src/graph/graph.tokens';
import { createGraphContext, GraphContext } from '../../support/graph-context';

// A runaway read must fail fast with a typed error instead of holding a pooled connection for as long as it runs.
describe('the read timeout (NEO4J_READ_TIMEOUT_MS)', () => {
  let ctx: GraphContext;
  let runaway: ReturnType<CypherRegistry['get']>;
  beforeAll(async () => {
    ctx = await createGraphContext();
    runaway = new CypherRegistry(path.resolve(__dirname, '..', '..', 'fixtures', 'cypher')).get(
      'runaway-read',
    );
  });
  afterAll(async () => ctx.close());

  const executorWithTimeout = (readTimeoutMs: number) => {
    const config = loadConfig();
    return new GraphExecutor(ctx.module.get<Driver>(NEO4J_DRIVER), {
      ...config,
      neo4j: { ...config.neo4j, readTimeoutMs },
    });
  };

  it('stops a read past the timeout with QUERY_TIMED_OUT, without retrying it', async () => {
    const graph = executorWithTimeout(300);
    const started = Date.now();
    const error = await graph.read(runaway).then(
      () => null,
      (err: unknown) => err,
    );
    const ms = Date.now() - started;
    expect(error).toBeInstanceOf(GraphError);
    expect((error as GraphError).code).toBe(GraphErrorCode.QUERY_TIMED_OUT);
    expect((error as GraphError).message).toContain('after 300 ms (NEO4J_READ_TIMEOUT_MS)');
    expect(ms).toBeLessThan(5000);
  });

  it('lets a caller that waits on purpose lift the timeout for one read', async () => {
    const graph = executorWithTimeout(1);
    const quick = ctx.cypher.get('graph/count-documents');
    await expect(graph.read(quick, { statuses: ['READY'] }, { timeoutMs: 0 })).resolves.toHaveLength(1);
  });
});
