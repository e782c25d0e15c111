import { Injectable } from '@nestjs/common';
import { CypherRegistry } from '../graph/cypher-registry';
import { GraphExecutor } from '../graph/graph-executor';
import type { ElementEvidence } from './retrieve.types';

export interface PageCandidate {
  docId: string;
  pageNumber: number;
  score: number;
  elements: ElementEvidence[];
}

export interface WalkedPageCandidate extends PageCandidate {
  hop: number;
  /** seed, next-page, previous-page, similar, refers-to, captions, section */
  via: string;
  fromPage: number | null;
}

export interface CandidateQuery {
  embedding: number[];
  docIds: string[] | null;
  candidates: number;
  k: number;
  perPage: number;
}

/** The retrieval queries in cypher/retrieve/: each strategy's ranking is computed inside Neo4j. */
@Injectable()
export class RetrieveRepository {
  private readonly q;

  constructor(
    private readonly graph: GraphExecutor,
    cypher: CypherRegistry,
  ) {
    this.q = {
      vector: cypher.get('retrieve/vector-pages'),
      hybrid: cypher.get('retrieve/hybrid-pages'),
      graphWalk: cypher.get('retrieve/graph-walk-pages'),
      passages: cypher.get('retrieve/page-passages'),
      summaryTree: cypher.get('retrieve/summary-tree-pages'),
    };
  }

  async vectorPages(query: CandidateQuery): Promise<PageCandidate[]> {
    return this.graph.read<PageCandidate>(this.q.vector, { ...query });
  }

  async hybridPages(
    query: CandidateQuery & { luceneQuery: string | null; rrfK: number; aggregate: 'max' | 'sum' },
  ): Promise<PageCandidate[]> {
    return this.graph.read<PageCandidate>(this.q.hybrid, { ...query });
  }

  /** GRAPH: HYBRID seeds walked over the page graph, references, captions and sections in one query. */
  async graphWalkPages(
    query: CandidateQuery & {
      luceneQuery: string | null;
      rrfK: number;
      seeds: number;
      walkWeight: number;
      hopDecay: number;
    },
  ): Promise<WalkedPageCandidate[]> {
    return this.graph.read<WalkedPageCandidate>(this.q.graphWalk, { ...query });
  }

  /** SUMMARY_TREE: nearest tree nodes (cluster summaries and leaf elements) mapped to pages (enrich `tree` stage). */
  async summaryTreePages(query: CandidateQuery): Promise<PageCandidate[]> {
    return this.graph.read<PageCandidate>(this.q.summaryTree, { ...query });
  }

  async pagePassages(
    pages: Array<{ docId: string; pageNumber: number }>,
  ): Promise<Array<{ docId: string; pageNumber: number; text: string }>> {
    return this.graph.read(this.q.passages, { pages });
  }
}
