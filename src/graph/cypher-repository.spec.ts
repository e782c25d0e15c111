import type { CypherQuery, CypherRegistry } from './cypher-registry';
import { CypherRepository } from './cypher-repository';
import type { GraphExecutor, Params } from './graph-executor';

const query = { name: 'test/q' } as CypherQuery;

/** Records each call and answers reads with the rows given. */
class FakeGraph {
  calls: Params[] = [];
  constructor(private readonly rows: Record<string, unknown>[]) {}
  async read(_q: CypherQuery, params: Params) {
    this.calls.push(params);
    return this.rows;
  }
  async write(_q: CypherQuery, params: Params) {
    this.calls.push(params);
    return [{ written: ((params.rows ?? params.edges) as unknown[]).length }];
  }
}

class Repo extends CypherRepository {
  each<T>(ids: string[], column: string, missing: T) {
    return this.readEach(query, ids, column, missing);
  }
  batches(rows: unknown[], size: number, as?: string) {
    return this.writeBatches(query, rows, size, { docId: 'd' }, as);
  }
}

const repo = (graph: FakeGraph) => new Repo(graph as unknown as GraphExecutor, {} as CypherRegistry);

describe('CypherRepository helpers', () => {
  it('answers a per-parent read in the order asked, `missing` where no row came back, without a query for none', async () => {
    const graph = new FakeGraph([
      { id: 'b', links: ['b1'] },
      { id: 'a', links: ['a1', 'a2'] },
    ]);
    expect(await repo(graph).each(['a', 'x', 'b'], 'links', [])).toEqual([['a1', 'a2'], [], ['b1']]);
    expect(graph.calls).toEqual([{ ids: ['a', 'x', 'b'] }]);
    expect(await repo(graph).each([], 'links', [])).toEqual([]);
    expect(graph.calls).toHaveLength(1);
  });

  it('writes rows in batches beside the other params and sums what each batch wrote', async () => {
    const graph = new FakeGraph([]);
    expect(await repo(graph).batches([1, 2, 3, 4, 5], 2)).toBe(5);
    expect(graph.calls).toEqual([
      { docId: 'd', rows: [1, 2] },
      { docId: 'd', rows: [3, 4] },
      { docId: 'd', rows: [5] },
    ]);
  });

  it('passes the batches as the parameter the query names when it is not $rows', async () => {
    const graph = new FakeGraph([]);
    expect(await repo(graph).batches(['e1', 'e2', 'e3'], 2, 'edges')).toBe(3);
    expect(graph.calls).toEqual([
      { docId: 'd', edges: ['e1', 'e2'] },
      { docId: 'd', edges: ['e3'] },
    ]);
  });
});
