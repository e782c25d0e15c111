import { fitGmm, kMeansPlusPlus, responsibilities, selectGmmByBic } from './gmm';
import { blobs } from './synthetic-blobs';
import { seededRandom } from './seeded-random';

/** 1 when the clustering equals the labelling up to renaming. */
function purity(assigned: number[], labels: number[]): number {
  const byCluster = new Map<number, Map<number, number>>();
  assigned.forEach((a, i) => {
    const m = byCluster.get(a) ?? new Map<number, number>();
    m.set(labels[i]!, (m.get(labels[i]!) ?? 0) + 1);
    byCluster.set(a, m);
  });
  let agree = 0;
  for (const m of byCluster.values()) agree += Math.max(...m.values());
  return agree / labels.length;
}

const argmax = (row: number[]) => row.indexOf(Math.max(...row));

describe('Gaussian mixture (diagonal, EM)', () => {
  it('recovers the number of blobs by BIC and assigns points to them', () => {
    for (const k of [1, 3, 5]) {
      const { points, labels } = blobs(k, 40, 6, 100 + k);
      const model = selectGmmByBic(points, 12, { seed: 7 });
      expect(model.k).toBe(k);
      const assigned = responsibilities(points, model).map(argmax);
      expect(purity(assigned, labels)).toBe(1);
    }
  });

  it('searches a grid of counts beyond 12 and still finds the right one', () => {
    const { points } = blobs(9, 20, 4, 5);
    expect(selectGmmByBic(points, 50, { seed: 1 }).k).toBe(9);
  });

  it('is deterministic for a seed and its likelihood never decreases with more iterations', () => {
    const { points } = blobs(4, 30, 5, 9, 1.5);
    const a = fitGmm(points, 4, { seed: 3 });
    const b = fitGmm(points, 4, { seed: 3 });
    expect(a).toEqual(b);
    const short = fitGmm(points, 4, { seed: 3, maxIterations: 2, tolerance: 0 });
    const long = fitGmm(points, 4, { seed: 3, maxIterations: 30, tolerance: 0 });
    expect(long.logLikelihood).toBeGreaterThanOrEqual(short.logLikelihood - 1e-9);
  });

  it('keeps responsibilities normalised and survives duplicate points', () => {
    const points = [...Array.from({ length: 10 }, () => [1, 1]), ...Array.from({ length: 10 }, () => [5, 5])];
    const model = selectGmmByBic(points, 5, { seed: 1 });
    expect(model.k).toBe(2);
    for (const row of responsibilities(points, model))
      expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('seeds k-means++ centres on distinct blobs', () => {
    const { points, labels } = blobs(3, 20, 3, 11);
    const centres = kMeansPlusPlus(points, 3, seededRandom(2));
    const blobOf = centres.map((c) => labels[points.findIndex((p) => p.every((x, j) => x === c[j]))]);
    expect(new Set(blobOf).size).toBe(3);
  });
});
