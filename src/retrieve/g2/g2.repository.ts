import { Injectable } from '@nestjs/common';
import { CypherRegistry } from '../../graph/cypher-registry';
import { GraphExecutor } from '../../graph/graph-executor';
import type { BBox } from '../../document/document-model';

export interface ContentNode {
  elementId: string;
  docId: string;
  pageNumber: number;
  kind: string;
  text: string;
  bbox: BBox;
}

export interface SeedElement extends ContentNode {
  score: number;
}

export interface ElementNeighbour extends ContentNode {
  fromElementId: string;
  fromPage: number;
  /** relates-to, next-element, previous-element or captions */
  via: string;
  /** The RELATES_TO relation (reference, causal, …), null for physical edges. */
  relation: string | null;
  edgeScore: number;
  /** The neighbour's own cosine similarity to the question. */
  similarity: number;
}

/** G2's queries (cypher/retrieve/g2-*): readout seeds and the immediate neighbours of content-graph elements. */
@Injectable()
export class G2Repository {
  private readonly q;

  constructor(
    private readonly graph: GraphExecutor,
    cypher: CypherRegistry,
  ) {
    this.q = {
      seeds: cypher.get('retrieve/g2-seed-elements'),
      neighbours: cypher.get('retrieve/g2-element-neighbours'),
      withoutContentGraph: cypher.get('retrieve/documents-without-content-graph'),
    };
  }

  seedElements(query: {
    embedding: number[];
    docIds: string[] | null;
    luceneQuery: string | null;
    candidates: number;
    k: number;
    rrfK: number;
    exclude: string[];
    /** Pages of the financial statements the sub-question names (RetrieveRepository.statementPages). */
    statementPages: Array<{ docId: string; pageNumber: number }>;
    statementPageWeight: number;
  }): Promise<SeedElement[]> {
    return this.graph.read<SeedElement>(this.q.seeds, { ...query });
  }

  elementNeighbours(query: { elementIds: string[]; embedding: number[] }): Promise<ElementNeighbour[]> {
    return this.graph.read<ElementNeighbour>(this.q.neighbours, { ...query });
  }

  /** READY documents in scope (null = all) on which the enrich `evolve` stage never ran. */
  async documentsWithoutContentGraph(docIds: string[] | null): Promise<string[]> {
    const rows = await this.graph.read<{ docId: string }>(this.q.withoutContentGraph, { docIds });
    return rows.map((r) => r.docId);
  }
}
