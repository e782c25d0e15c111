import type { Respelling } from './question-spelling';
import type { BBox } from '../document/document-model';
import type * as Gql from '../document/graphql.types';
import type { TypedAnswer } from './answer/typed-answer';
import type { EvidenceStep } from './evidence-step';
import type { LlmUsage } from '../llm/llm-usage';
import type { AnswerFormat } from '../llm/prompts/answer.prompt';
import type { DocumentFilter } from './routing/document-filter';

// The retrieval contract shared by strategies, the API, the CLI and the benchmark.

export const STRATEGIES = [
  'VECTOR',
  'HYBRID',
  'PARENT_PAGE',
  'SUMMARY_TREE',
  'GRAPH',
  'TRACE',
  'DMAP',
  'G2',
] as const;
export type Strategy = (typeof STRATEGIES)[number];

/**
 * What search and ask use when no strategy is named: the one-query graph walk measured best on page recall@3 among
 * the strategies that answer in interactive time (README, "Measured"). Keep schema.graphql's defaults in step.
 */
export const DEFAULT_STRATEGY: Strategy = 'GRAPH';

/**
 * Which documents a query may look at: the ids named, narrowed by the filter. Neither: the whole corpus, routed to
 * its documents first.
 */
export interface SearchScope {
  docIds?: string[];
  filter?: DocumentFilter;
}

/** TRACE's ablation switches (TRACE, Table 6) and page budget; every layer is on by default. */
export interface TraceOptions {
  /** Split the question into sub-queries (off: the question is the only sub-query). */
  decomposition?: boolean;
  /** Walk SIMILAR_TO edges. */
  semanticEdges?: boolean;
  /** Walk NEXT_PAGE edges both ways. */
  physicalEdges?: boolean;
  /** Walk REFERS_TO edges. */
  referenceEdges?: boolean;
  /** N_total: pages judged over all sub-queries, ⌊N_total / N_sub⌋ each (default 12). */
  pageBudget?: number;
}

export interface SearchRequest {
  query: string;
  strategy: Strategy;
  scope: SearchScope;
  /** Pages to return. */
  k: number;
  /** Re-rank the strategy's top pages with the cross-encoder. */
  rerank?: boolean;
  /** TRACE only: ablations and budget. */
  trace?: TraceOptions;
  /** Route an unscoped search to its documents first; unset: FOLIO_ROUTING. */
  routing?: boolean;
}

/** One element that supports a page hit; its kind as stored (the API maps it to the schema's enum). */
export interface ElementEvidence extends Omit<Gql.ElementEvidence, 'kind' | 'bbox'> {
  kind: string;
  bbox: BBox;
}

/** A page a strategy found, as schema.graphql's PageHit describes it (the API resolves its `page`). */
export interface PageHit extends Omit<Gql.PageHit, 'elements' | 'page'> {
  elements: ElementEvidence[];
}

export type StageTiming = Gql.StageTiming;

/** A search's answer as schema.graphql's SearchResult describes it, with retrieve's own pages and evidence steps. */
export interface SearchResult extends Omit<Gql.SearchResult, 'pages' | 'steps'> {
  strategy: Strategy;
  pages: PageHit[];
  steps: EvidenceStep[];
  /** The question as searched when misspelt words were read as the document's (question-spelling.ts). */
  respelling?: Respelling;
}

export interface Citation {
  docId: string;
  pageNumber: number;
  elementId: string | null;
  bbox: BBox | null;
  quote: string;
  score: number;
  /**
   * The evidence step the cited page came from: a walk's step (search.steps[].step), a flat strategy's 1-based page
   * rank; null when nothing in the search's evidence brought it (a count read from the whole document's graph).
   */
  step: number | null;
}

export interface AskResult {
  question: string;
  /** The answer as a reader reads it (`text`) and as a value (kind, value, unit, scale, items, formula). */
  answer: TypedAnswer;
  answerable: boolean;
  /**
   * 'llm' when a model wrote the answer, 'extractive' when it was assembled from the evidence offline, 'graph' when
   * it was counted over the document's graph (its figures, tables or charts).
   */
  mode: 'llm' | 'extractive' | 'graph';
  format: AnswerFormat;
  analysis: string | null;
  citations: Citation[];
  search: SearchResult;
  usage: LlmUsage;
  warnings: string[];
}
