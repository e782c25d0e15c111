// Page-level retrieval metrics as DOUBLE-BENCH / TRACE report them. Pure functions: no I/O, no clocks.

export const CUTOFFS = [1, 3, 5, 10] as const;
export type Cutoff = (typeof CUTOFFS)[number];
export type AtK = Record<Cutoff, number>;

export interface PageRef {
  docId: string;
  pageNumber: number;
}

/**
 * The gold evidence of one question. `hops` are the evidence sets of its reasoning steps: a hop is found when any
 * page of its set is retrieved. Without sets in the data, each evidence page is its own hop.
 */
export interface GoldEvidence {
  docId: string;
  hops: number[][];
}

export interface QuestionMetrics {
  /** DOUBLE-BENCH hit: every hop's evidence set has a page in the top k (single-hop: any evidence page). */
  hit: AtK;
  /** At least one evidence page in the top k, whatever the hop count. */
  anyHit: AtK;
  /** Relevant pages in the top k / relevant pages. */
  recall: AtK;
  /** Relevant pages in the top k / k. */
  precision: AtK;
  /** Binary-relevance NDCG; the ideal DCG ranks min(k, |relevant|) relevant pages first. */
  ndcg: AtK;
}

export interface MetricSummary extends QuestionMetrics {
  /** Questions averaged. */
  n: number;
}

const pageKey = (docId: string, pageNumber: number) => `${docId}#${pageNumber}`;

/** Each evidence page as its own hop (the benchmark's rows list pages, not per-hop sets). */
export function hopsFromPages(evidencePages: number[]): number[][] {
  return [...new Set(evidencePages)].map((p) => [p]);
}

/** The ranking with repeated pages removed (first occurrence wins): a page counts once, at its best rank. */
export function dedupeRanking(ranked: PageRef[]): PageRef[] {
  const seen = new Set<string>();
  const out: PageRef[] = [];
  for (const ref of ranked) {
    const key = pageKey(ref.docId, ref.pageNumber);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(ref);
  }
  return out;
}

function atK(f: (k: Cutoff) => number): AtK {
  return { 1: f(1), 3: f(3), 5: f(5), 10: f(10) };
}

export function scoreQuestion(ranked: PageRef[], gold: GoldEvidence): QuestionMetrics {
  const relevant = new Set(gold.hops.flat().map((p) => pageKey(gold.docId, p)));
  if (relevant.size === 0)
    throw new RangeError(
      'scoreQuestion needs at least one evidence page (unanswerable questions are scored apart)',
    );
  const ranking = dedupeRanking(ranked).map((r) => pageKey(r.docId, r.pageNumber));
  const hopKeys = gold.hops.filter((h) => h.length > 0).map((h) => h.map((p) => pageKey(gold.docId, p)));

  const relevantIn = (k: number) => ranking.slice(0, k).filter((key) => relevant.has(key)).length;
  const dcg = (k: number) =>
    ranking.slice(0, k).reduce((sum, key, i) => sum + (relevant.has(key) ? 1 / Math.log2(i + 2) : 0), 0);
  const idcg = (k: number) => {
    let sum = 0;
    for (let i = 0; i < Math.min(k, relevant.size); i++) sum += 1 / Math.log2(i + 2);
    return sum;
  };

  return {
    hit: atK((k) => {
      const top = new Set(ranking.slice(0, k));
      return hopKeys.every((hop) => hop.some((key) => top.has(key))) ? 1 : 0;
    }),
    anyHit: atK((k) => (relevantIn(k) > 0 ? 1 : 0)),
    recall: atK((k) => relevantIn(k) / relevant.size),
    precision: atK((k) => relevantIn(k) / k),
    ndcg: atK((k) => dcg(k) / idcg(k)),
  };
}

export function summarize(metrics: QuestionMetrics[]): MetricSummary {
  const n = metrics.length;
  const mean = (pick: (m: QuestionMetrics) => AtK) =>
    atK((k) => (n === 0 ? 0 : metrics.reduce((sum, m) => sum + pick(m)[k], 0) / n));
  return {
    n,
    hit: mean((m) => m.hit),
    anyHit: mean((m) => m.anyHit),
    recall: mean((m) => m.recall),
    precision: mean((m) => m.precision),
    ndcg: mean((m) => m.ndcg),
  };
}

export interface LatencySummary {
  n: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
}

/** Mean and nearest-rank p50 and p95 (the smallest value at or above 95 % of the samples). */
export function latencySummary(samplesMs: number[]): LatencySummary {
  const n = samplesMs.length;
  if (n === 0) return { n: 0, meanMs: 0, p50Ms: 0, p95Ms: 0 };
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.ceil(q * n) - 1] ?? 0;
  return { n, meanMs: sorted.reduce((s, x) => s + x, 0) / n, p50Ms: at(0.5), p95Ms: at(0.95) };
}

export interface UnanswerableDetection {
  /** Questions with a gold answerable flag and a predicted one. */
  n: number;
  /** Gold unanswerable questions. */
  unanswerable: number;
  /** Predictions that match the gold flag, over n. */
  accuracy: number;
  /** Of the questions flagged unanswerable, the share that truly are (NaN-free: 0 when none flagged). */
  precision: number;
  /** Of the truly unanswerable questions, the share flagged. */
  recall: number;
  f1: number;
}

/** Positive class = unanswerable. */
export function scoreUnanswerableDetection(
  items: { goldAnswerable: boolean; predictedAnswerable: boolean }[],
): UnanswerableDetection {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let correct = 0;
  for (const { goldAnswerable, predictedAnswerable } of items) {
    if (goldAnswerable === predictedAnswerable) correct++;
    if (!goldAnswerable && !predictedAnswerable) tp++;
    if (goldAnswerable && !predictedAnswerable) fp++;
    if (!goldAnswerable && predictedAnswerable) fn++;
  }
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  return {
    n: items.length,
    unanswerable: tp + fn,
    accuracy: items.length === 0 ? 0 : correct / items.length,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}
