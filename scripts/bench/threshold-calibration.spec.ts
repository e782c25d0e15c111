import {
  auc,
  bestByYouden,
  bootstrapSamples,
  quantile,
  quantileLine,
  thresholdGrid,
  thresholdRates,
} from './threshold-calibration';

describe('threshold calibration', () => {
  const positives = [0.9, 0.8, 0.7, 0.4];
  const negatives = [0.6, 0.3, 0.2, 0.1];

  it('counts a score equal to the threshold as kept', () => {
    const [rate] = thresholdRates([0.5], [0.5, 0.49], [0.5]);
    expect(rate).toEqual({ threshold: 0.5, tpr: 1, fpr: 0.5, j: 0.5, f1: expect.closeTo(0.8, 10) });
  });

  it('picks the threshold of highest TPR − FPR', () => {
    const rates = thresholdRates(positives, negatives, [0.1, 0.35, 0.65, 0.95]);
    expect(rates.map((r) => [r.tpr, r.fpr])).toEqual([
      [1, 1],
      [1, 0.25],
      [0.75, 0],
      [0, 0],
    ]);
    expect(bestByYouden(rates)).toMatchObject({ threshold: 0.35, j: 0.75 });
  });

  it('weighs both errors equally whatever the sample sizes', () => {
    // 1 of 2 positives lost at 0.5, 1 of 100 negatives kept at 0.2: J prefers 0.2 although it keeps a negative.
    const many = Array.from({ length: 100 }, (_, i) => (i === 0 ? 0.3 : 0.1));
    const best = bestByYouden(thresholdRates([0.9, 0.3], many, [0.2, 0.5]));
    expect(best.threshold).toBe(0.2);
    expect(best.j).toBeCloseTo(0.99, 10);
  });

  it('keeps the first (lowest) threshold among equal J and refuses an empty grid', () => {
    const best = bestByYouden(thresholdRates([0.9], [0.1], [0.2, 0.5, 0.8]));
    expect(best.threshold).toBe(0.2);
    expect(() => bestByYouden([])).toThrow(/at least one threshold/);
  });

  it('builds grids without floating-point drift', () => {
    const grid = thresholdGrid(0.3, 0.95, 0.01);
    expect(grid).toHaveLength(66);
    expect(grid[5]).toBe(0.35);
    expect(grid[grid.length - 1]).toBe(0.95);
    expect(thresholdGrid(0.001, 0.005, 0.001)).toEqual([0.001, 0.002, 0.003, 0.004, 0.005]);
  });

  it('computes AUC with ties as half and quantiles by rank', () => {
    expect(auc(positives, negatives)).toBeCloseTo(15 / 16, 10);
    expect(auc([0.5], [0.5])).toBe(0.5);
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(3);
    expect(quantile([], 0.5)).toBeNaN();
    expect(quantileLine([0.1, 0.2, 0.3, 0.4], 1)).toBe('p10=0.1 p25=0.2 p50=0.3 p75=0.4 p90=0.4');
  });

  it('draws n indices per resample from the random stream, with replacement', () => {
    const sequence = [0.1, 0.9, 0.5, 0.3];
    let k = 0;
    const random = () => sequence[k++ % sequence.length]!;
    expect(bootstrapSamples(4, 2, random)).toEqual([
      [0, 3, 2, 1],
      [0, 3, 2, 1],
    ]);
  });
});
