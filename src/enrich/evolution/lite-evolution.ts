import { dot } from '../similarity/maxsim';
import type { LinkRelation } from '../../llm/prompts/evolve.prompt';

// The vector side of G²-Reader's evolution, pure and synchronous: neighbourhoods by current evolved vectors and
// the Lite update h ← α·h + (1−α)·(similarity-weighted mean of the top-K), re-normalised.

export interface Neighbour {
  index: number;
  score: number;
}

/**
 * The `k` most similar other nodes of every node by dot product (cosine for unit vectors), best first.
 * Exact, O(N²·d): a document's elements (thousands) are compared within the document only; ~0.4 s per round
 * per 1k elements at d = 384 on one core.
 */
export function topKSimilar(vectors: readonly Float32Array[], k: number): Neighbour[][] {
  const n = vectors.length;
  const out: Neighbour[][] = [];
  for (let i = 0; i < n; i++) {
    const best: Neighbour[] = [];
    const vi = vectors[i]!;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const score = dot(vi, vectors[j]!);
      if (best.length === k && score <= best[k - 1]!.score) continue;
      let at = best.length;
      while (at > 0 && best[at - 1]!.score < score) at--;
      best.splice(at, 0, { index: j, score });
      if (best.length > k) best.pop();
    }
    out.push(best);
  }
  return out;
}

export function normalise(v: Float32Array): Float32Array {
  const norm = Math.sqrt(dot(v, v));
  if (norm === 0) return v;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}

/** One Lite step for every node (Jacobi: all read the previous vectors). Negative similarities weigh nothing. */
export function liteStep(
  vectors: readonly Float32Array[],
  neighbours: readonly Neighbour[][],
  alpha: number,
): Float32Array[] {
  return vectors.map((h, i) => {
    const list = neighbours[i] ?? [];
    const mean = new Float32Array(h.length);
    let weight = 0;
    for (const { index, score } of list) {
      const w = Math.max(score, 0);
      if (w === 0) continue;
      const hj = vectors[index]!;
      for (let d = 0; d < mean.length; d++) mean[d]! += w * hj[d]!;
      weight += w;
    }
    if (weight === 0) return h;
    const next = new Float32Array(h.length);
    for (let d = 0; d < h.length; d++) next[d] = alpha * h[d]! + ((1 - alpha) * mean[d]!) / weight;
    return normalise(next);
  });
}

const FIGURE_LIKE = new Set(['table', 'figure', 'chart', 'formula']);

/**
 * The Lite relation of a link, by a simple rule on the elements' kinds and order: a heading over what follows it
 * is `hierarchy`, a caption or paragraph next to a table/figure is `reference`, anything else `context`.
 */
export function liteRelation(
  from: { kind: string; readingIndex: number },
  to: { kind: string; readingIndex: number },
): LinkRelation {
  if (from.kind === 'heading' && to.kind !== 'heading' && to.readingIndex > from.readingIndex)
    return 'hierarchy';
  if (to.kind === 'heading' && from.kind !== 'heading' && from.readingIndex > to.readingIndex)
    return 'hierarchy';
  if (FIGURE_LIKE.has(to.kind) !== FIGURE_LIKE.has(from.kind)) return 'reference';
  return 'context';
}

/** Reading-order sliding window: each node linked to the next `w` nodes (G²-Reader's initial edges). */
export function windowPairs(count: number, w: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) for (let d = 1; d <= w && i + d < count; d++) pairs.push([i, i + d]);
  return pairs;
}
