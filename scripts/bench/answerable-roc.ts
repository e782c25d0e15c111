// The "Not answerable" operating point of the offline answer: answerable questions are the positives (kept when
// their confidence is >= the threshold), unanswerable ones the negatives. The chosen threshold flags as many
// unanswerable questions as it can while flagging at most a given share of answerable ones (the target: <= 15 %).
import { type ThresholdRate, thresholdRates } from './threshold-calibration';

export interface AnswerablePoint extends ThresholdRate {
  /** Unanswerable questions flagged "Not answerable" (1 − FPR). */
  unanswerableFlagged: number;
  /** Answerable questions flagged "Not answerable" (1 − TPR). */
  answerableFlagged: number;
}

export function answerableRoc(
  answerable: readonly number[],
  unanswerable: readonly number[],
  thresholds: readonly number[],
): AnswerablePoint[] {
  return thresholdRates(answerable, unanswerable, thresholds).map((r) => ({
    ...r,
    unanswerableFlagged: 1 - r.fpr,
    answerableFlagged: 1 - r.tpr,
  }));
}

/** The point flagging the most unanswerable questions with at most `maxAnswerableFlagged` answerable ones flagged;
 * among equals the lowest threshold (fewest answerable flagged). */
export function chooseOperatingPoint(
  points: readonly AnswerablePoint[],
  maxAnswerableFlagged: number,
): AnswerablePoint {
  const allowed = points.filter((p) => p.answerableFlagged <= maxAnswerableFlagged + 1e-12);
  const [first, ...rest] = allowed;
  if (!first)
    throw new Error(`no threshold flags at most ${maxAnswerableFlagged} of the answerable questions`);
  return rest.reduce(
    (best, p) =>
      p.unanswerableFlagged > best.unanswerableFlagged ||
      (p.unanswerableFlagged === best.unanswerableFlagged && p.answerableFlagged < best.answerableFlagged)
        ? p
        : best,
    first,
  );
}
