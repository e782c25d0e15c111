import type { EnrichStageName } from '../../document/enrichment-stages';
import type { UsageMeter } from '../../llm/llm-usage';
import type { EvidenceStep } from '../evidence-step';
import type { PageCandidate } from '../retrieve.repository';
import type { PageHit, StageTiming, Strategy, TraceOptions } from '../retrieve.types';

/** What a ranker is given: the searched text, its vector, the scope and how many pages to rank. */
export interface RankRequest {
  /** The question as searched (answer-format instructions dropped). */
  query: string;
  embedding: number[];
  /** Documents in scope; null = the whole corpus. */
  docIds: string[] | null;
  /** Pages to rank: the page count asked for, or the re-rank depth when RERANK follows. */
  k: number;
  /** TRACE only: ablations and page budget. */
  trace?: TraceOptions;
  /** The search's LLM calls, rolled up into the caller's. */
  meter: UsageMeter;
}

/** A ranked page; a walk gives each page its own reason, hop and origin, other rankers one reason for all. */
export type RankedPage = PageCandidate & Partial<Pick<PageHit, 'reason' | 'hop' | 'fromPage'>>;

/** What a ranker returns: pages best first, what it did, and what it cost. */
export interface Ranking {
  pages: RankedPage[];
  /** The reason of a page that carries none of its own. */
  reason: string;
  trace: string[];
  steps: EvidenceStep[];
  timings: StageTiming[];
  warnings: string[];
  /** Pages a walk visited and judged (0: the ranked pages are all it read), and the judge's calls. */
  walk: { visited: number; judged: number; judgeCalls: number };
}

/** What a ranker needs of the search around it. */
export interface RankerNeeds {
  /**
   * How RERANK treats the ranker's pages: the cross-encoder scores them, the LLM scores them when one is configured
   * (MMRAG-DocQA's parent-page relevance; the cross-encoder otherwise), or they stay as the ranker judged them.
   */
  rerank: 'cross-encoder' | 'llm-relevance' | 'already-judged';
  /** Enrichment stages the ranker reads; it still ranks without them (with a warning where it matters). */
  enrichment: readonly EnrichStageName[];
  /** False when the ranker's own trace already carries its warnings. */
  warningsInTrace: boolean;
}

/** One retrieval strategy: its ranking over the graph, registered by strategy in RANKERS. */
export interface Ranker<S extends Strategy = Strategy> {
  readonly strategy: S;
  readonly needs: RankerNeeds;
  rank(req: RankRequest): Promise<Ranking>;
}

/** Every strategy's ranker; a strategy missing here, or a ranker filed under another's name, does not compile. */
export type RankerRegistry = { readonly [S in Strategy]: Ranker<S> };

export const RANKERS = Symbol('RANKERS');

/** Matched elements kept per page (evidence and the start of the page's re-ranking passage). */
export const ELEMENTS_PER_PAGE = 3;

export const NO_WALK: Ranking['walk'] = { visited: 0, judged: 0, judgeCalls: 0 };

/** The ranking of a ranker that neither walks nor records evidence steps (its pages are its ranking). */
export const flatRanking = (
  pages: RankedPage[],
  reason: string,
  trace: string[],
  timings: StageTiming[],
  warnings: string[] = [],
): Ranking => ({ pages, reason, trace, steps: [], timings, warnings, walk: NO_WALK });

/** Runs one stage of a ranker and records its wall time. */
export async function timed<T>(timings: StageTiming[], stage: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    timings.push({ stage, ms: Math.round(performance.now() - t0) });
  }
}
