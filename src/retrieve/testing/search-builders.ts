// Builders for the search results, page hits and evidence steps the specs of retrieval and its callers read.
import { emptyCost, type EvidenceStep, type EvidenceVerdict } from '../evidence-step';
import type { PageHit, SearchResult } from '../retrieve.types';

/** A search with nothing found and nothing to say; `over` sets the fields a spec is about. */
export const searchResult = (over: Partial<SearchResult> = {}): SearchResult => ({
  strategy: 'HYBRID',
  reranked: false,
  pages: [],
  timings: [],
  trace: [],
  steps: [],
  cost: emptyCost(),
  warnings: [],
  ...over,
});

/** Page `pageNumber` of document 'd' found directly (hop 0) with no evidence elements. */
export const pageHit = (pageNumber: number, over: Partial<PageHit> = {}): PageHit => ({
  docId: 'd',
  pageNumber,
  score: 0.5,
  reason: 'x',
  hop: 0,
  elements: [],
  ...over,
});

/** Step `step` of a walk: a seed page of document 'd' for sub-query 'q', judged `verdict` by the cross-encoder. */
export const evidenceStep = (
  step: number,
  pageNumber: number,
  verdict: EvidenceVerdict,
  over: Partial<EvidenceStep> = {},
): EvidenceStep => ({
  step,
  subQuery: 'q',
  docId: 'd',
  pageNumber,
  via: 'seed',
  fromPage: null,
  hop: 0,
  verdict,
  score: 0.5,
  judge: 'cross-encoder',
  reason: '',
  ...over,
});
