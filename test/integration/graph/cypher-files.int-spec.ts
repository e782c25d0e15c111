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

  it('every query EXPLAINs against the real server, which plans it as the read or write the registry says', async () => {
    const failures: string[] = [];
    const misrouted: string[] = [];
    for (const q of queries()) {
      const params = Object.fromEntries(q.params.map((p) => [p, null]));
      try {
        // `r` is a read, `rw` and `w` writes (routed to a cluster's leader); `s` (schema, or a dbms procedure such
        // as dbms.components) says nothing about data, so it is not checked.
        const type = await ctx.graph.explain(q, params);
        if (type !== 's' && (type !== 'r') !== q.writes)
          misrouted.push(
            `${q.name}: the server plans '${type}', the registry says ${q.writes ? 'write' : 'read'}`,
          );
      } catch (err) {
        failures.push(`${q.name}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(misrouted).toEqual([]);
  }, 600_000); // some 250 plans, one at a time: minutes on a loaded machine
});
