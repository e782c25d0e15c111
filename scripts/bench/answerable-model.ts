// Fitting the answerability model (src/retrieve/answerability.ts) and measuring it out of sample: an L2-regularised
// logistic regression over the answerer's features (answerable = 1), fitted by gradient descent on standardised
// features and returned on the raw scale; folds grouped by document, so no document's questions are both fitted and
// scored, and every question is scored by a model that never saw its document.
import {
  ANSWERABILITY_FEATURES,
  type AnswerabilityFeatures,
  type AnswerabilityModel,
  answerableProbability,
} from '../../src/retrieve/answerability';

export interface LabelledFeatures {
  /** Questions on one document share a group: folds never split a group. */
  group: string;
  answerable: boolean;
  features: AnswerabilityFeatures;
  /**
   * The answerer says "Not answerable" whatever the model gives (no page matched, no sentence of the pages read
   * shares a word with the question): flagged at every threshold, so a threshold's share of answerable questions
   * flagged counts it.
   */
  alwaysFlagged?: boolean;
}

const FEATURES = ANSWERABILITY_FEATURES;

/** The score a threshold is compared with: the model's probability, or 0 for a row flagged whatever it says. */
export function flaggingScore(row: LabelledFeatures, model: AnswerabilityModel): number {
  return row.alwaysFlagged ? 0 : answerableProbability(row.features, model);
}

/** Logistic regression (L2 penalty `lambda` on the standardised weights), as a model on the raw features. */
export function fitAnswerability(
  rows: readonly LabelledFeatures[],
  opts: { lambda?: number; iterations?: number; learningRate?: number } = {},
): Omit<AnswerabilityModel, 'threshold'> {
  const lambda = opts.lambda ?? 0.01;
  const iterations = opts.iterations ?? 3000;
  const rate = opts.learningRate ?? 0.5;
  if (rows.length === 0) throw new Error('no rows to fit the answerability model on');
  const mean = FEATURES.map((f) => rows.reduce((s, r) => s + r.features[f], 0) / rows.length);
  const std = FEATURES.map((f, i) => {
    const v = rows.reduce((s, r) => s + (r.features[f] - mean[i]!) ** 2, 0) / rows.length;
    return Math.sqrt(v) || 1;
  });
  const x = rows.map((r) => FEATURES.map((f, i) => (r.features[f] - mean[i]!) / std[i]!));
  const y = rows.map((r) => (r.answerable ? 1 : 0));
  // Classes weighted equally, so the rarer unanswerable questions are not drowned out.
  const positives = y.filter((v) => v === 1).length;
  const weightOf = (label: number) =>
    label === 1
      ? rows.length / (2 * Math.max(positives, 1))
      : rows.length / (2 * Math.max(rows.length - positives, 1));
  const w = FEATURES.map(() => 0);
  let b = 0;
  for (let it = 0; it < iterations; it++) {
    const gw = w.map((wi) => lambda * wi);
    let gb = 0;
    x.forEach((xi, n) => {
      const z = b + xi.reduce((s, v, i) => s + v * w[i]!, 0);
      const err = (1 / (1 + Math.exp(-z)) - y[n]!) * weightOf(y[n]!);
      xi.forEach((v, i) => (gw[i]! += (err * v) / rows.length));
      gb += err / rows.length;
    });
    w.forEach((_, i) => (w[i]! -= rate * gw[i]!));
    b -= rate * gb;
  }
  const weights = Object.fromEntries(FEATURES.map((f, i) => [f, w[i]! / std[i]!])) as Record<
    keyof AnswerabilityFeatures,
    number
  >;
  const bias = b - FEATURES.reduce((s, f, i) => s + (w[i]! * mean[i]!) / std[i]!, 0);
  return { bias, weights };
}

/** The groups split into `k` folds of about equal question counts, in a fixed order given by `order`. */
export function groupFolds(
  rows: readonly LabelledFeatures[],
  k: number,
  order: (groups: string[]) => string[],
): number[] {
  const sizes = new Map<string, number>();
  for (const r of rows) sizes.set(r.group, (sizes.get(r.group) ?? 0) + 1);
  const foldOf = new Map<string, number>();
  const load = Array.from({ length: k }, () => 0);
  for (const g of order([...sizes.keys()].sort())) {
    const fold = load.indexOf(Math.min(...load));
    foldOf.set(g, fold);
    load[fold]! += sizes.get(g)!;
  }
  return rows.map((r) => foldOf.get(r.group)!);
}

/** Each row's probability from a model fitted on the other folds (out-of-sample scores). */
export function crossValidatedScores(
  rows: readonly LabelledFeatures[],
  folds: readonly number[],
  fit: (train: LabelledFeatures[]) => Omit<AnswerabilityModel, 'threshold'>,
): number[] {
  const scores = rows.map(() => NaN);
  for (const fold of new Set(folds)) {
    const model = fit(rows.filter((_, i) => folds[i] !== fold));
    rows.forEach((r, i) => {
      if (folds[i] === fold) scores[i] = answerableProbability(r.features, { ...model, threshold: 0 });
    });
  }
  return scores;
}

export interface HeldOutFlags {
  /** Out-of-sample probability of each row (0 for a row flagged whatever the model says). */
  scores: number[];
  /** Each row flagged "Not answerable" by a threshold chosen on its training folds only. */
  flagged: boolean[];
  /** The threshold each fold chose, in fold order. */
  thresholds: number[];
}

/**
 * Document-grouped held-out evaluation: per fold, the model is fitted and its threshold chosen (`choose`, e.g. the
 * most unanswerable flagged with at most 15 % of answerable ones) on the other folds, then applied to this one.
 */
export function heldOutFlags(
  rows: readonly LabelledFeatures[],
  folds: readonly number[],
  fit: (train: LabelledFeatures[]) => Omit<AnswerabilityModel, 'threshold'>,
  choose: (answerable: number[], unanswerable: number[]) => number,
): HeldOutFlags {
  const scores = rows.map(() => NaN);
  const flagged = rows.map(() => false);
  const thresholds: number[] = [];
  for (const fold of [...new Set(folds)].sort((a, b) => a - b)) {
    const train = rows.filter((_, i) => folds[i] !== fold);
    const model = { ...fit(train), threshold: 0 };
    const trainScores = train.map((r) => flaggingScore(r, model));
    const threshold = choose(
      trainScores.filter((_, i) => train[i]!.answerable),
      trainScores.filter((_, i) => !train[i]!.answerable),
    );
    thresholds.push(threshold);
    rows.forEach((r, i) => {
      if (folds[i] !== fold) return;
      scores[i] = flaggingScore(r, model);
      flagged[i] = scores[i] < threshold;
    });
  }
  return { scores, flagged, thresholds };
}
