// Choosing a score threshold from labelled scores, shared by the calibrations (SIMILAR_TO τ, TRACE judge): per
// threshold the share of positives kept (true-positive rate) and of negatives kept (false-positive rate), a score
// being kept when it is ≥ the threshold. The chosen threshold maximises Youden's J = TPR − FPR, which weighs both
// kinds of error equally whatever the sample sizes; balanced F1 is computed beside it.

export interface ThresholdRate {
  threshold: number;
  tpr: number;
  fpr: number;
  /** Youden's J: TPR − FPR. */
  j: number;
  /** F1 of keeping, with precision computed as if positives and negatives were equally many. */
  f1: number;
}

export function thresholdRates(
  positives: readonly number[],
  negatives: readonly number[],
  thresholds: readonly number[],
): ThresholdRate[] {
  return thresholds.map((threshold) => {
    const tpr = positives.filter((s) => s >= threshold).length / Math.max(positives.length, 1);
    const fpr = negatives.filter((s) => s >= threshold).length / Math.max(negatives.length, 1);
    const precision = tpr + fpr === 0 ? 0 : tpr / (tpr + fpr);
    const f1 = precision + tpr === 0 ? 0 : (2 * precision * tpr) / (precision + tpr);
    return { threshold, tpr, fpr, j: tpr - fpr, f1 };
  });
}

/** The rate with the highest J; among equal J the first in the given order (the lowest threshold on a rising grid). */
export function bestByYouden(rates: readonly ThresholdRate[]): ThresholdRate {
  const [first, ...rest] = rates;
  if (!first) throw new Error('bestByYouden needs at least one threshold');
  return rest.reduce((best, r) => (r.j > best.j ? r : best), first);
}

/** `from`, `from + step`, … up to `to` inclusive, free of floating-point drift (0.3 + 0.01 × k rounded). */
export function thresholdGrid(from: number, to: number, step: number): number[] {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const grid: number[] = [];
  for (let k = 0; from + k * step <= to + step / 2; k++)
    grid.push(Number((from + k * step).toFixed(decimals)));
  return grid;
}

/** Probability that a random positive outscores a random negative (ties count half). */
export function auc(positives: readonly number[], negatives: readonly number[]): number {
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / Math.max(positives.length * negatives.length, 1);
}

/** The value below which a share `p` of `xs` lies (the element at ⌊p·n⌋ of the sorted values); NaN when empty. */
export function quantile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

export const QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9] as const;

/** "p10=0.123 p25=… p90=…" with `digits` decimals. */
export function quantileLine(xs: readonly number[], digits = 3): string {
  return QUANTILES.map((p) => `p${p * 100}=${quantile(xs, p).toFixed(digits)}`).join(' ');
}

/** `resamples` draws of `n` indices with replacement (seeded `random`): bootstrap over questions, to show the spread. */
export function bootstrapSamples(n: number, resamples: number, random: () => number): number[][] {
  return Array.from({ length: resamples }, () => Array.from({ length: n }, () => Math.floor(random() * n)));
}
