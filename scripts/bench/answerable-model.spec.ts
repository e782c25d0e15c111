import type { AnswerabilityFeatures } from '../../src/retrieve/answerability';
import { answerableProbability } from '../../src/retrieve/answerability';
import { fitAnswerability, groupFolds, heldOutFlags, type LabelledFeatures } from './answerable-model';

const features = (documentCoverage: number, missingNumbers: number): AnswerabilityFeatures => ({
  bestMatch: 0.5,
  bestScore: 0.3,
  pagesCoverage: 0.6,
  documentCoverage,
  documentPairs: 0.5,
  missingWords: 0,
  missingNumbers,
  missingNames: 0,
  missingReferences: 0,
  typedAnswer: 1,
});

// Answerable questions have their words in the document; unanswerable ones name a year it lacks.
const rows: LabelledFeatures[] = Array.from({ length: 40 }, (_, i) => ({
  group: `doc${i % 5}`,
  answerable: i % 4 !== 0,
  features: i % 4 !== 0 ? features(0.8 + (i % 3) * 0.05, 0) : features(0.6 + (i % 3) * 0.05, 1),
}));

describe('answerability model fitting', () => {
  it('learns that a missing year means "Not answerable"', () => {
    const model = { ...fitAnswerability(rows), threshold: 0.5 };
    expect(model.weights.missingNumbers).toBeLessThan(0);
    expect(model.weights.documentCoverage).toBeGreaterThan(0);
    for (const r of rows) expect(answerableProbability(r.features, model) >= 0.5).toBe(r.answerable);
  });

  it('keeps each document in one fold', () => {
    const folds = groupFolds(rows, 3, (g) => g);
    for (const group of new Set(rows.map((r) => r.group))) {
      expect(new Set(folds.filter((_, i) => rows[i]!.group === group)).size).toBe(1);
    }
    expect(new Set(folds).size).toBe(3);
  });

  it('scores every row with a model fitted and thresholded without its fold', () => {
    const folds = groupFolds(rows, 2, (g) => g);
    const trainedOn: number[][] = [];
    const flags = heldOutFlags(
      rows,
      folds,
      (train) => {
        trainedOn.push(train.map((r) => rows.indexOf(r)));
        return fitAnswerability(train);
      },
      () => 0.5,
    );
    expect(trainedOn).toHaveLength(2);
    for (const [fold, trained] of trainedOn.entries())
      expect(trained.every((i) => folds[i] !== fold)).toBe(true);
    expect(flags.scores.every(Number.isFinite)).toBe(true);
    expect(flags.flagged).toEqual(rows.map((r) => !r.answerable));
  });

  it('counts a row the answerer flags whatever the model says as flagged, in training folds and held out', () => {
    const forced = rows.map((r, i) => (i === 1 ? { ...r, alwaysFlagged: true } : r));
    expect(forced[1]!.answerable).toBe(true);
    const seen: number[][] = [];
    const flags = heldOutFlags(
      forced,
      groupFolds(forced, 2, (g) => g),
      fitAnswerability,
      (answerable) => {
        seen.push(answerable);
        return 0.5;
      },
    );
    expect(flags.scores[1]).toBe(0);
    expect(flags.flagged[1]).toBe(true);
    // the training fold holding row 1 hands its threshold choice a 0 among the answerable scores
    expect(seen.some((scores) => scores.includes(0))).toBe(true);
  });
});
