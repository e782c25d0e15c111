import { Injectable } from '@nestjs/common';
import { CypherRegistry } from '../graph/cypher-registry';
import { GraphExecutor } from '../graph/graph-executor';

/** A stored document as the latency benchmark sees it: its size, and the original it was copied from. */
export interface BenchDocument {
  id: string;
  pageCount: number;
  clonedFrom: string | null;
}

/** The latency benchmark's queries: the corpus it measures, grown by copying stored documents. */
@Injectable()
export class BenchCorpusRepository {
  private readonly q;

  constructor(
    private readonly graph: GraphExecutor,
    cypher: CypherRegistry,
  ) {
    this.q = { clone: cypher.get('eval/clone-document'), docs: cypher.get('eval/list-documents-for-bench') };
  }

  documents(): Promise<BenchDocument[]> {
    return this.graph.read<BenchDocument>(this.q.docs);
  }

  /** Copies a document's pages, elements and vectors under a new id (no re-embedding). */
  async cloneDocument(sourceId: string, targetId: string): Promise<void> {
    await this.graph.write(this.q.clone, { sourceId, targetId });
  }
}
