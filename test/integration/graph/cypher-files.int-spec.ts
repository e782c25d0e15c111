import { CypherQuery } from '../../../src/graph/cypher-registry';
import { createGraphContext, GraphContext } from '../../support/graph-context';
import { testCypher } from '../../support/test-cypher';

// Every query file must at least plan against the real Neo4j: EXPLAIN compiles it without running it.
describe('cypher/ files', () => {
  let ctx: GraphContext;
  beforeAll(async () => {
    ctx = await createGraphContext();
  });
  afterAll(async () => ctx.close());

  // The shipped queries and the test-only ones under test/cypher.
  const queries = (): CypherQuery[] => [
    ...ctx.cypher.list().filter((q) => !q.name.startsWith('migrations/')),
    ...testCypher()
      .list()
      .map((q) => ({ ...q, name: `test/${q.name}` })),
  ];

  it('has queries to check', () => {
    expect(queries().length).toBeGreaterThan(5);
  });

  it('every query EXPLAINs against the real server', async () => {
    const failures: string[] = [];
    for (const q of queries()) {
      const params = Object.fromEntries(q.params.map((p) => [p, null]));
      try {
        await ctx.graph.explain(q, params);
      } catch (err) {
        failures.push(`${q.name}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
