import { answerableRoc, chooseOperatingPoint } from './answerable-roc';

describe('answerable operating point', () => {
  const answerable = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.15, 0.1];
  const unanswerable = [0.05, 0.12, 0.25, 0.45];
  const points = answerableRoc(answerable, unanswerable, [0, 0.1, 0.13, 0.2, 0.3, 0.5]);

  it('reads the ROC as shares flagged', () => {
    const point = points.find((p) => p.threshold === 0.13)!;
    expect(point.unanswerableFlagged).toBeCloseTo(0.5);
    expect(point.answerableFlagged).toBeCloseTo(0.1);
    expect(points[0]).toMatchObject({ unanswerableFlagged: 0, answerableFlagged: 0 });
  });

  it('flags the most unanswerable questions within the allowed share of answerable ones', () => {
    expect(chooseOperatingPoint(points, 0.15).threshold).toBe(0.13);
    expect(chooseOperatingPoint(points, 0.3).threshold).toBe(0.3);
    expect(() => chooseOperatingPoint(answerableRoc([0.1], [0.5], [0.5]), 0)).toThrow(/at most 0/);
  });
});
