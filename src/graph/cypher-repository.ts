import { Injectable } from '@nestjs/common';
import type { CypherQuery } from './cypher-registry';
import { CypherRegistry } from './cypher-registry';
import { chunk } from '../common/concurrency';
import { GraphExecutor, type Params } from './graph-executor';

/** The base of every repository: the executor its queries run on, and its queries looked up once, at construction. */
@Injectable()
export abstract class CypherRepository {
  constructor(
    protected readonly graph: GraphExecutor,
    protected readonly cypher: CypherRegistry,
  ) {}

  /** `queries('graph', { list: 'list-documents' })` gives `list`: cypher/graph/list-documents.cypher (checked now). */
  protected queries<Name extends string>(
    folder: string,
    files: Record<Name, string>,
  ): Record<Name, CypherQuery> {
    const entries = Object.entries<string>(files).map(([name, file]) => [
      name,
      this.cypher.get(`${folder}/${file}`),
    ]);
    return Object.fromEntries(entries) as Record<Name, CypherQuery>;
  }

  /**
   * Writes `rows` as the query's `$rows` (or the parameter `as` names) in batches of `size`, one transaction each,
   * beside `params`; returns the sum of the `written` column the query returns (0 for a query that returns none).
   */
  protected async writeBatches(
    query: CypherQuery,
    rows: readonly unknown[],
    size: number,
    params: Params = {},
    as = 'rows',
  ): Promise<number> {
    let written = 0;
    for (const part of chunk(rows, size)) {
      const [r] = await this.graph.write<{ written?: number }>(query, { ...params, [as]: part });
      written += r?.written ?? 0;
    }
    return written;
  }

  /**
   * A per-parent list for many parents in one query (a request loader's batch): `query` takes `ids` and returns
   * rows `{ id, <column> }`; the answer follows the order of `ids`, with `missing` where no row came back.
   */
  protected async readEach<T>(query: CypherQuery, ids: string[], column: string, missing: T): Promise<T[]> {
    if (ids.length === 0) return [];
    const rows = await this.graph.read<{ id: string; [column: string]: unknown }>(query, { ids });
    return alignBy(
      ids,
      rows,
      (r) => r.id,
      (r) => r[column] as T,
      missing,
    );
  }
}

/** Rows keyed by a column, put back in the order of the keys asked for (`missing` where no row came back). */
export function alignBy<K, R, T>(
  keys: K[],
  rows: R[],
  keyOf: (row: R) => K,
  valueOf: (row: R) => T,
  missing: T,
): T[] {
  const byKey = new Map(rows.map((r) => [keyOf(r), valueOf(r)]));
  return keys.map((k) => (byKey.has(k) ? (byKey.get(k) as T) : missing));
}
