// What a TRACE walk would do with one question's judge scores, for the judge calibration: which pages it reaches
// from the retrieved pages over the physical layer (NEXT_PAGE both ways, through RELEVANT pages only), what score
// TRACE_WALK_PRIOR lends each reached page, and how well the walk's ranking then puts evidence first. Pure.

export interface ScoredQuestion {
  qid: string;
  evidence: ReadonlySet<number>;
  /** The strategy's top pages, best first: where a walk starts. */
  retrieved: readonly number[];
  /** Judge score per scored page. */
  scores: ReadonlyMap<number, number>;
  /** Physical neighbours of the pages whose neighbours were read. */
  neighbours: ReadonlyMap<number, readonly number[]>;
}

export interface WalkReach {
  /** Scored pages the walk reaches. */
  reached: Set<number>;
  /** Per page next to a reached RELEVANT page: the best such neighbour's score (what the prior scales). */
  parentScore: Map<number, number>;
  /** Pages next to a reached RELEVANT page that have no score yet: score them, then walk again. */
  unscored: number[];
}

export function walkReach(q: ScoredQuestion, threshold: number): WalkReach {
  const score = (p: number) => q.scores.get(p) ?? 0;
  const reached = new Set(q.retrieved.filter((p) => q.scores.has(p)));
  const relevant = [...reached].filter((p) => score(p) >= threshold);
  const parentScore = new Map<number, number>();
  const unscored = new Set<number>();
  const expanded = new Set<number>();
  while (relevant.length > 0) {
    const from = relevant.shift()!;
    if (expanded.has(from)) continue;
    expanded.add(from);
    for (const to of q.neighbours.get(from) ?? []) {
      parentScore.set(to, Math.max(parentScore.get(to) ?? 0, score(from)));
      if (!q.scores.has(to)) unscored.add(to);
      else if (!reached.has(to)) {
        reached.add(to);
        if (score(to) >= threshold) relevant.push(to);
      }
    }
  }
  return { reached, parentScore, unscored: [...unscored].sort((a, b) => a - b) };
}

/**
 * The (evidence, other) pairs of one question's reached pages, and the number (ties half) that the walk's final
 * ranking orders right: RELEVANT pages first, each group by max(score, prior × best RELEVANT neighbour's score).
 */
export function walkRankingPairs(
  q: ScoredQuestion,
  threshold: number,
  prior: number,
): { wins: number; pairs: number } {
  const { reached, parentScore } = walkReach(q, threshold);
  const key = (p: number) => {
    const s = q.scores.get(p) ?? 0;
    return (s >= threshold ? 2 : 0) + Math.max(s, prior * (parentScore.get(p) ?? 0));
  };
  const positives = [...reached].filter((p) => q.evidence.has(p)).map(key);
  const negatives = [...reached].filter((p) => !q.evidence.has(p)).map(key);
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return { wins, pairs: positives.length * negatives.length };
}

/**
 * Evidence pages next to an evidence page the judge finds RELEVANT, and how many of them it finds IRRELEVANT: the
 * continuation pages only the walk prior can lift.
 */
export function evidenceNextToRelevantEvidence(
  questions: readonly ScoredQuestion[],
  threshold: number,
): { pages: number; below: number; rate: number } {
  let pages = 0;
  let below = 0;
  for (const q of questions) {
    for (const e of q.evidence) {
      const s = q.scores.get(e);
      if (s === undefined) continue;
      const nextToRelevant = (q.neighbours.get(e) ?? []).some(
        (n) => q.evidence.has(n) && (q.scores.get(n) ?? 0) >= threshold,
      );
      if (!nextToRelevant) continue;
      pages += 1;
      if (s < threshold) below += 1;
    }
  }
  return { pages, below, rate: below / Math.max(pages, 1) };
}
