import { Injectable } from '@nestjs/common';
import { CypherRepository } from '../../graph/cypher-repository';

export interface TreeUnitRow {
  id: string;
  pageNumber: number;
  kind: string;
  text: string | null;
  description: string | null;
  embedding: number[];
}

export interface TreeNodeRow {
  id: string;
  level: number;
  text: string;
  keywords: string[];
  source: 'llm' | 'offline' | 'mixed';
  memberIds: string[];
  leafCount: number;
  seed: number;
  embedding: number[] | null;
}

const BATCH = 200;

/** The tree stage's reads and writes: leaf elements in, cluster Summaries with SUMMARIZES edges out. */
@Injectable()
export class SummaryTreeRepository extends CypherRepository {
  private readonly q = this.queries('enrich', {
    units: 'tree-list-units',
    clear: 'tree-clear',
    write: 'tree-write-nodes',
    estimate: 'tree-estimate-inputs',
  });

  listUnits(docId: string): Promise<TreeUnitRow[]> {
    return this.graph.read<TreeUnitRow>(this.q.units, { docId });
  }

  async estimateInputs(docId: string): Promise<{ units: number; chars: number }> {
    const [row] = await this.graph.read<{ units: number; chars: number }>(this.q.estimate, { docId });
    return { units: row?.units ?? 0, chars: row?.chars ?? 0 };
  }

  async clear(docId: string): Promise<number> {
    const [row] = await this.graph.write<{ deleted: number }>(this.q.clear, { docId });
    return row?.deleted ?? 0;
  }

  /** Writes the nodes level by level (members before the nodes that summarise them). */
  async writeNodes(docId: string, nodes: TreeNodeRow[]): Promise<number> {
    let written = 0;
    const levels = [...new Set(nodes.map((n) => n.level))].sort((a, b) => a - b);
    for (const level of levels) {
      const rows = nodes.filter((n) => n.level === level);
      written += await this.writeBatches(this.q.write, rows, BATCH, { docId });
    }
    return written;
  }
}
