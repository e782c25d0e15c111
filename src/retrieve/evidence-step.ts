// The evidence chain as data: one step per page a walking strategy (GRAPH, TRACE, DMAP, G2) visited, and what the
// walk cost. Every walking strategy fills these in the same shape, so the API, the CLI and the benchmark read them
// without knowing the strategy.
import type * as Gql from '../document/graphql.types';

/** How a walk reached a page. */
export const EVIDENCE_EDGES = [
  'seed',
  'next-page',
  'previous-page',
  'similar',
  'refers-to',
  'section',
  'relates-to',
  'captions',
] as const;
export type EvidenceEdge = (typeof EVIDENCE_EDGES)[number];

/** RELEVANT / IRRELEVANT from a judge; NOT_JUDGED when the strategy has no judge (GRAPH) or the page was skipped. */
export type EvidenceVerdict = 'RELEVANT' | 'IRRELEVANT' | 'NOT_JUDGED';

export interface EvidenceStep {
  /** 1-based position in the order the walk visited pages. */
  step: number;
  /** The sub-query the step belongs to (the question itself when it was not split); null when not query-specific. */
  subQuery: string | null;
  docId: string;
  pageNumber: number;
  via: EvidenceEdge;
  /** The page the edge came from (same document); null for a seed. */
  fromPage: number | null;
  /** Hops from the seed the walk started at. */
  hop: number;
  verdict: EvidenceVerdict;
  /** Judge score (0–1) when judged, else the strategy's own score for the page, or null. */
  score: number | null;
  /** Who judged: 'cross-encoder', 'llm', or null when nothing judged the page. */
  judge: string | null;
  /** The judge's analysis or why the walk kept or skipped the page, in one sentence. */
  reason: string;
}

/** What answering one question cost: judge and LLM calls, tokens, pages visited, time per stage (schema.graphql). */
export type RetrievalCost = Gql.RetrievalCost;

export function emptyCost(): RetrievalCost {
  return {
    judgeCalls: 0,
    llmCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    pagesVisited: 0,
    pagesJudged: 0,
    stages: [],
    totalMs: 0,
  };
}

/** Sums costs (stages by name), for a question with several searches or a benchmark run. */
export function addCosts(costs: readonly RetrievalCost[]): RetrievalCost {
  const sum = emptyCost();
  const stages = new Map<string, number>();
  for (const c of costs) {
    sum.judgeCalls += c.judgeCalls;
    sum.llmCalls += c.llmCalls;
    sum.promptTokens += c.promptTokens;
    sum.completionTokens += c.completionTokens;
    sum.pagesVisited += c.pagesVisited;
    sum.pagesJudged += c.pagesJudged;
    sum.totalMs += c.totalMs;
    for (const s of c.stages) stages.set(s.stage, (stages.get(s.stage) ?? 0) + s.ms);
  }
  sum.stages = [...stages].map(([stage, ms]) => ({ stage, ms }));
  return sum;
}
