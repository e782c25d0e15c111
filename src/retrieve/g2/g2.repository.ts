import { Injectable } from '@nestjs/common';
import type { BBox } from '../../document/document-model';
import { CypherRepository } from '../../graph/cypher-repository';

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
export class G2Repository extends CypherRepository {
  private readonly q = this.queries('retrieve', {
    seeds: 'g2-seed-elements',
    neighbours: 'g2-element-neighbours',
    withoutContentGraph: 'documents-without-content-graph',
  });

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
