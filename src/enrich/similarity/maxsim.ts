// The fine score of TRACE's coarse-to-fine page linking: late interaction (ColBERT-style MaxSim) over the two
// pages' retrieval-unit vectors. Vectors are unit length (the embedder normalises), so a dot product is a cosine.

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Mean over `from`'s vectors of the best cosine to any of `to`'s vectors (0 when either side is empty). */
export function maxSim(from: readonly Float32Array[], to: readonly Float32Array[]): number {
  if (from.length === 0 || to.length === 0) return 0;
  let total = 0;
  for (const a of from) {
    let best = -1;
    for (const b of to) {
      const s = dot(a, b);
      if (s > best) best = s;
    }
    total += best;
  }
  return total / from.length;
}

/**
 * MaxSim in both directions, averaged: the plain score is asymmetric (a one-paragraph page scores high against
 * any long page that contains a similar paragraph), and SIMILAR_TO should not depend on which page asked.
 */
export function symmetricMaxSim(a: readonly Float32Array[], b: readonly Float32Array[]): number {
  return (maxSim(a, b) + maxSim(b, a)) / 2;
}

export interface ScoredCandidate {
  id: string;
  score: number;
  coarse: number;
}

/** Keeps candidates scoring at least `tau`, best first (ties by id for repeatable output), at most `k`. */
export function keepTopK(candidates: readonly ScoredCandidate[], tau: number, k: number): ScoredCandidate[] {
  return candidates
    .filter((c) => c.score >= tau)
    .sort((x, y) => y.score - x.score || x.id.localeCompare(y.id))
    .slice(0, k);
}

/** Neo4j's cosine vector index reports (1 + cos) / 2; edges store the cosine itself. */
export function cosineFromIndexScore(score: number): number {
  return 2 * score - 1;
}

/**
 * Breadth-first order over the candidate graph, so the unit vectors a batch needs were mostly loaded by the batches
 * just before it; in reading order a bounded vector cache would reload almost every page for every batch. */
export function localityOrder(
  ids: readonly string[],
  candidates: ReadonlyMap<string, ReadonlyArray<{ id: string }>>,
): string[] {
  const wanted = new Set(ids);
  const reached = new Set<string>();
  const order: string[] = [];
  for (const start of ids) {
    if (reached.has(start)) continue;
    reached.add(start);
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const id = queue[head]!;
      order.push(id);
      for (const c of candidates.get(id) ?? []) {
        if (wanted.has(c.id) && !reached.has(c.id)) {
          reached.add(c.id);
          queue.push(c.id);
        }
      }
    }
  }
  return order;
}
