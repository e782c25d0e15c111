import { blobs } from './synthetic-blobs';
import { responsibilities, selectGmmByBic, type GaussianMixture } from './gmm';
import { pca, reduceDimensions } from './reduce-dimensions';
import { seededRandom } from './seeded-random';

/** Blobs in 10 dimensions lifted into 96 by a fixed random linear map plus noise, like embeddings are. */
function highDimensionalBlobs(k: number, perBlob: number, seed: number) {
  const { points, labels } = blobs(k, perBlob, 10, seed, 0.5);
  const random = seededRandom(seed + 1);
  const map = Array.from({ length: 96 }, () => Array.from({ length: 10 }, () => random() - 0.5));
  const lifted = points.map((p) =>
    map.map((row) => row.reduce((s, w, j) => s + w * p[j]!, 0) + (random() - 0.5) * 0.05),
  );
  return { points: lifted, labels };
}

const argmaxes = (points: number[][], model: GaussianMixture) =>
  responsibilities(points, model).map((r) => r.indexOf(Math.max(...r)));

/** True when no cluster holds points of two different blobs. */
function clustersArePure(assigned: number[], labels: number[]): boolean {
  return [...new Set(assigned)].every((c) => new Set(labels.filter((_, i) => assigned[i] === c)).size === 1);
}

describe('dimensionality reduction', () => {
  it('PCA finds the variance axes: a line in 3-D becomes one component carrying it', () => {
    const line = Array.from({ length: 50 }, (_, i) => [i, 2 * i + 1, -i]);
    const projected = pca(line, 2, 1);
    const first = projected.map((p) => p[0]!);
    const second = projected.map((p) => p[1] ?? 0);
    const variance = (xs: number[]) => {
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      return xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length;
    };
    expect(variance(first)).toBeCloseTo(6 * variance(line.map((p) => p[0]!)), 3);
    expect(variance(second)).toBeLessThan(1e-6);
  });

  it('PCA keeps blobs separable so the GMM recovers k exactly', () => {
    const { points, labels } = highDimensionalBlobs(4, 30, 21);
    const reduced = reduceDimensions(points, { dimensions: 8, seed: 5, reducer: 'pca' });
    expect(reduced[0]).toHaveLength(8);
    const model = selectGmmByBic(reduced, 10, { seed: 5 });
    expect(model.k).toBe(4);
    expect(clustersArePure(argmaxes(reduced, model), labels)).toBe(true);
    expect(new Set(argmaxes(reduced, model)).size).toBe(4);
  });

  it("UMAP keeps blobs apart: in 2-D the GMM recovers k; in RAPTOR's 10-D it may split a blob, never mix two", () => {
    const { points, labels } = highDimensionalBlobs(4, 30, 21);
    const flat = reduceDimensions(points, { dimensions: 2, seed: 5, reducer: 'umap' });
    const flatModel = selectGmmByBic(flat, 10, { seed: 5 });
    expect(flatModel.k).toBe(4);
    expect(clustersArePure(argmaxes(flat, flatModel), labels)).toBe(true);
    const raptor = reduceDimensions(points, { dimensions: 10, seed: 5, reducer: 'umap' });
    expect(raptor[0]).toHaveLength(10);
    const model = selectGmmByBic(raptor, 10, { seed: 5 });
    expect(model.k).toBeGreaterThanOrEqual(4);
    expect(model.k).toBeLessThanOrEqual(8);
    expect(clustersArePure(argmaxes(raptor, model), labels)).toBe(true);
  });

  it('is deterministic for a seed', () => {
    const { points } = highDimensionalBlobs(3, 20, 4);
    for (const reducer of ['pca', 'umap'] as const) {
      const a = reduceDimensions(points, { dimensions: 5, seed: 9, reducer });
      const b = reduceDimensions(points, { dimensions: 5, seed: 9, reducer });
      expect(a).toEqual(b);
    }
  });

  it('leaves low-dimensional points alone and handles tiny sets', () => {
    expect(reduceDimensions([[1, 2]], { dimensions: 10, seed: 1, reducer: 'umap' })).toEqual([[1, 2]]);
    const tiny = reduceDimensions(
      Array.from({ length: 5 }, (_, i) => Array.from({ length: 20 }, (_, j) => Math.sin(i * 3 + j))),
      { dimensions: 10, seed: 1, reducer: 'umap' },
    );
    expect(tiny).toHaveLength(5);
    expect(tiny[0]!.length).toBeLessThanOrEqual(10);
  });
});
