/**
 * The order of re-ranked pages: each page's rank in the strategy's list (its index) and its rank by the
 * cross-encoder's score, fused by reciprocal rank (1 / (k + rank) each); ties keep the strategy's order.
 * Returns page indices, best first.
 */
export function fusedRerankOrder(rerankScores: readonly number[], rrfK: number): number[] {
  const byScore = rerankScores.map((_, i) => i).sort((a, b) => rerankScores[b]! - rerankScores[a]!);
  const fused = new Array<number>(rerankScores.length);
  byScore.forEach((page, rank) => (fused[page] = 1 / (rrfK + page + 1) + 1 / (rrfK + rank + 1)));
  return rerankScores.map((_, i) => i).sort((a, b) => fused[b]! - fused[a]! || a - b);
}
