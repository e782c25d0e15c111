// The TRACE judge calibration's analysis of judge scores (trace-calibrate-judge.ts does the I/O): the threshold of
// best Youden's J with its spread over bootstrap resamples of the questions, the score distributions, what the walk
// prior has to rescue, and the prior that ranks best what a walk reaches. Pure.
import { deriveSeed, seededRandom } from '../../src/enrich/summary-tree/seeded-random';
import {
  auc,
  bestByYouden,
  bootstrapSamples,
  quantile,
  QUANTILES,
  thresholdGrid,
  thresholdRates,
  type ThresholdRate,
} from './threshold-calibration';
import { evidenceNextToRelevantEvidence, type ScoredQuestion, walkRankingPairs } from './trace-walk-reach';

/** The cross-encoder's sigmoid scores crowd near 0, so a step per decade below 0.01. */
export const JUDGE_THRESHOLDS = [
  ...thresholdGrid(0.0001, 0.0009, 0.0001),
  ...thresholdGrid(0.001, 0.009, 0.001),
  ...thresholdGrid(0.01, 0.99, 0.01),
];
export const WALK_PRIORS = thresholdGrid(0, 1, 0.05);
const RESAMPLES = 200;

const round = (x: number, digits = 3) => Number(x.toFixed(digits));
const quantilesOf = (xs: readonly number[]) =>
  Object.fromEntries(QUANTILES.map((p) => [`p${p * 100}`, Number(quantile(xs, p).toPrecision(3))]));
const summary = (r: ThresholdRate) => ({
  threshold: r.threshold,
  tpr: round(r.tpr),
  fpr: round(r.fpr),
  j: round(r.j),
  f1: round(r.f1),
});

function labelled(questions: readonly ScoredQuestion[], pages: 'all' | 'retrieved') {
  return questions.map((q) => {
    const scored = [...q.scores].filter(([p]) => pages === 'all' || q.retrieved.includes(p));
    return {
      positives: scored.filter(([p]) => q.evidence.has(p)).map(([, s]) => s),
      negatives: scored.filter(([p]) => !q.evidence.has(p)).map(([, s]) => s),
    };
  });
}

export function thresholdReport(questions: readonly ScoredQuestion[], current: number, seed: number) {
  const groups = labelled(questions, 'all');
  const positives = groups.flatMap((g) => g.positives);
  const negatives = groups.flatMap((g) => g.negatives);
  const rates = thresholdRates(positives, negatives, JUDGE_THRESHOLDS);
  const best = bestByYouden(rates);
  const retrieved = labelled(questions, 'retrieved');
  const samples = bootstrapSamples(groups.length, RESAMPLES, seededRandom(deriveSeed(seed, 'threshold')));
  const bootstrapped = samples.map((sample) => {
    const picked = sample.map((i) => groups[i]!);
    return bestByYouden(
      thresholdRates(
        picked.flatMap((g) => g.positives),
        picked.flatMap((g) => g.negatives),
        JUDGE_THRESHOLDS,
      ),
    ).threshold;
  });
  return {
    pairs: { positives: positives.length, negatives: negatives.length },
    auc: round(auc(positives, negatives)),
    youden: summary(best),
    youdenThresholdOverResamples: { resamples: RESAMPLES, ...quantilesOf(bootstrapped) },
    atCurrentThreshold: summary(thresholdRates(positives, negatives, [current])[0]!),
    youdenOnRetrievedPagesOnly: summary(
      bestByYouden(
        thresholdRates(
          retrieved.flatMap((g) => g.positives),
          retrieved.flatMap((g) => g.negatives),
          JUDGE_THRESHOLDS,
        ),
      ),
    ),
    quantiles: { positives: quantilesOf(positives), negatives: quantilesOf(negatives) },
    evidenceNextToRelevantEvidenceBelowThreshold: {
      atYouden: evidenceNextToRelevantEvidence(questions, best.threshold),
      atCurrent: evidenceNextToRelevantEvidence(questions, current),
    },
    table: rates
      .filter((r) => Math.round(r.threshold * 1000) % 50 === 0 || r.threshold <= 0.1 || r === best)
      .map(summary),
  };
}

/** `questions` scored as far as a walk at `threshold` reaches (see walkReach's `unscored`). */
export function walkPriorReport(
  questions: readonly ScoredQuestion[],
  threshold: number,
  current: number,
  seed: number,
) {
  const priors = [...new Set([...WALK_PRIORS, current])].sort((a, b) => a - b);
  const perPrior = priors.map((prior) => questions.map((q) => walkRankingPairs(q, threshold, prior)));
  const aucOver = (rows: Array<{ wins: number; pairs: number }>, sample: readonly number[]) => {
    let wins = 0;
    let pairs = 0;
    for (const i of sample) {
      wins += rows[i]!.wins;
      pairs += rows[i]!.pairs;
    }
    return { auc: wins / Math.max(pairs, 1), pairs };
  };
  const everyQuestion = questions.map((_, i) => i);
  const table = priors.map((prior, k) => ({ prior, ...aucOver(perPrior[k]!, everyQuestion) }));
  const best = table.reduce((a, b) => (b.auc > a.auc ? b : a));
  const samples = bootstrapSamples(questions.length, RESAMPLES, seededRandom(deriveSeed(seed, 'prior')));
  const bootstrapped = samples.map((sample) => {
    const aucs = perPrior.map((rows) => aucOver(rows, sample).auc);
    return priors[aucs.indexOf(Math.max(...aucs))]!;
  });
  const rounded = (r: { prior: number; auc: number; pairs: number }) => ({ ...r, auc: round(r.auc, 4) });
  return {
    threshold,
    current: rounded(table.find((r) => r.prior === current)!),
    best: rounded(best),
    bestPriorOverResamples: { resamples: RESAMPLES, ...quantilesOf(bootstrapped) },
    table: table.map(rounded),
  };
}

type Rate = ReturnType<typeof summary>;

export function judgeCalibrationMarkdown(
  r: ReturnType<typeof thresholdReport> & {
    questions: { used: number; documents: number };
    minutes: number;
    /** The prior analysis at each threshold of interest (Youden's, the current constant). */
    walkPrior: Array<ReturnType<typeof walkPriorReport>>;
  },
): string {
  const spread = (q: Record<string, number>) => `p10 ${q['p10']}, p50 ${q['p50']}, p90 ${q['p90']}`;
  const below = r.evidenceNextToRelevantEvidenceBelowThreshold;
  const rows: Array<[string, Rate]> = [
    ["Youden's J", r.youden],
    ['current constant', r.atCurrentThreshold],
    ["Youden's J, retrieved pages only", r.youdenOnRetrievedPagesOnly],
  ];
  const q = r.quantiles;
  const w = r.walkPrior;
  const current = w[0]?.current.prior;
  return [
    `${r.questions.used} questions on ${r.questions.documents} documents: ${r.pairs.positives} evidence and ` +
      `${r.pairs.negatives} other (question, page) pairs; AUC ${r.auc}; ${r.minutes} min`,
    '',
    '| judge threshold | TPR | FPR | J |',
    '|---|---|---|---|',
    ...rows.map(([name, s]) => `| ${s.threshold} (${name}) | ${s.tpr} | ${s.fpr} | ${s.j} |`),
    '',
    `Youden threshold over ${r.youdenThresholdOverResamples.resamples} bootstrap resamples of the questions: ` +
      spread(r.youdenThresholdOverResamples),
    '',
    `| score | ${Object.keys(q.positives).join(' | ')} |`,
    `|---|${Object.keys(q.positives)
      .map(() => '---|')
      .join('')}`,
    `| evidence pages | ${Object.values(q.positives).join(' | ')} |`,
    `| other pages | ${Object.values(q.negatives).join(' | ')} |`,
    '',
    '| evidence page next to a RELEVANT evidence page | pages | below threshold |',
    '|---|---|---|',
    ...(
      [
        [r.youden.threshold, below.atYouden],
        [r.atCurrentThreshold.threshold, below.atCurrent],
      ] as const
    ).map(([t, a]) => `| at ${t} | ${a.pages} | ${a.below} (${(100 * a.rate).toFixed(1)} %) |`),
    '',
    `| walk prior | ${w.map((x) => `ranking AUC at threshold ${x.threshold}`).join(' | ')} |`,
    `|---|${w.map(() => '---|').join('')}`,
    ...(w[0]?.table ?? [])
      .map((row) => row.prior)
      .filter((prior) => [0, 0.25, 0.5, 0.75, 1, current, ...w.map((x) => x.best.prior)].includes(prior))
      .map(
        (prior) =>
          `| ${prior}${prior === current ? ' (current)' : ''} | ` +
          w
            .map(
              (x) =>
                `${x.table.find((row) => row.prior === prior)!.auc}${prior === x.best.prior ? ' (best)' : ''}`,
            )
            .join(' | ') +
          ' |',
      ),
    '',
    ...w.map(
      (x) =>
        `Best prior at threshold ${x.threshold} over ${x.bestPriorOverResamples.resamples} bootstrap resamples: ${spread(x.bestPriorOverResamples)}`,
    ),
  ].join('\n');
}
