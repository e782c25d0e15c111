import { Injectable } from '@nestjs/common';
import type { CypherQuery } from './cypher-registry';
import { CypherRegistry } from './cypher-registry';
import { GraphExecutor } from './graph-executor';

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
}
