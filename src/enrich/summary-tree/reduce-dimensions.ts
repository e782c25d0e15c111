import { UMAP } from 'umap-js';
import { cosine } from '../../common/cosine';
import { deriveSeed, seededRandom } from './seeded-random';

// RAPTOR reduces embeddings with UMAP (cosine, ~10 components) before the Gaussian mixture: a GMM in 384
// dimensions has too many parameters for a few hundred points. umap-js (PAIR-code) is deterministic when given
// a seeded `random`; PCA is the fast, exact alternative (and what very small sets fall back to).

export type Reducer = 'umap' | 'pca';

export interface ReduceOptions {
  dimensions: number;
  seed: number;
  reducer: Reducer;
  /** UMAP neighbourhood; RAPTOR uses √(n − 1) for the global clustering. */
  neighbours?: number;
  /** UMAP optimisation epochs: fewer is faster; 150 keeps 400 points near 2 s on one core. */
  epochs?: number;
}

/** Projects the points onto `dimensions` axes; returns the points unchanged when they already have that few. */
export function reduceDimensions(
  points: ReadonlyArray<ArrayLike<number>>,
  options: ReduceOptions,
): number[][] {
  const data = points.map((p) => Array.from(p));
  const n = data.length;
  const dims = data[0]?.length ?? 0;
  if (n === 0 || dims <= options.dimensions) return data;
  const target = Math.min(options.dimensions, Math.max(1, n - 2));
  // UMAP needs more points than neighbours and components; below that its graph says nothing PCA does not.
  if (options.reducer === 'pca' || n < options.dimensions + 4) return pca(data, target, options.seed);
  const neighbours = Math.max(2, Math.min(n - 1, options.neighbours ?? Math.floor(Math.sqrt(n - 1))));
  const umap = new UMAP({
    nComponents: target,
    nNeighbors: neighbours,
    minDist: 0,
    nEpochs: options.epochs ?? 150,
    distanceFn: cosineDistance,
    random: seededRandom(deriveSeed(options.seed, 'umap', n)),
  });
  return umap.fit(data);
}

/** A zero vector is as far from everything as can be (distance 1). */
function cosineDistance(a: number[], b: number[]): number {
  return 1 - cosine(a, b);
}

/**
 * Principal components by power iteration with deflation on the covariance matrix (d × d): exact enough for
 * clustering, O(n·d² + c·d²·iterations), deterministic (seeded start vectors, signs fixed by the largest entry).
 */
export function pca(data: number[][], components: number, seed: number): number[][] {
  const n = data.length;
  const dims = data[0]?.length ?? 0;
  const mean = new Array<number>(dims).fill(0);
  for (const p of data) for (let j = 0; j < dims; j++) mean[j]! += p[j]! / n;
  const centred = data.map((p) => p.map((v, j) => v - mean[j]!));
  const cov: Float64Array[] = Array.from({ length: dims }, () => new Float64Array(dims));
  for (const p of centred) {
    for (let a = 0; a < dims; a++) {
      const pa = p[a]!;
      if (pa === 0) continue;
      const row = cov[a]!;
      for (let b = a; b < dims; b++) row[b]! += (pa * p[b]!) / n;
    }
  }
  for (let a = 0; a < dims; a++) for (let b = 0; b < a; b++) cov[a]![b] = cov[b]![a]!;

  const random = seededRandom(deriveSeed(seed, 'pca', n, dims));
  const axes: Float64Array[] = [];
  for (let c = 0; c < components; c++) {
    let v = Float64Array.from({ length: dims }, () => random() - 0.5);
    let eigenvalue = 0;
    for (let it = 0; it < 200; it++) {
      const w = new Float64Array(dims);
      for (let a = 0; a < dims; a++) {
        const row = cov[a]!;
        let s = 0;
        for (let b = 0; b < dims; b++) s += row[b]! * v[b]!;
        w[a] = s;
      }
      for (const axis of axes) {
        let proj = 0;
        for (let a = 0; a < dims; a++) proj += w[a]! * axis[a]!;
        for (let a = 0; a < dims; a++) w[a]! -= proj * axis[a]!;
      }
      const norm = Math.hypot(...w);
      if (norm < 1e-12) break;
      for (let a = 0; a < dims; a++) w[a]! /= norm;
      let delta = 0;
      for (let a = 0; a < dims; a++) delta += Math.abs(w[a]! - v[a]!);
      v = w;
      eigenvalue = norm;
      if (delta < 1e-9) break;
    }
    if (eigenvalue < 1e-12) break;
    let largest = 0;
    for (let a = 0; a < dims; a++) if (Math.abs(v[a]!) > Math.abs(v[largest]!)) largest = a;
    if (v[largest]! < 0) for (let a = 0; a < dims; a++) v[a] = -v[a]!;
    axes.push(v);
  }
  if (axes.length === 0) return centred.map(() => [0]);
  return centred.map((p) =>
    axes.map((axis) => {
      let s = 0;
      for (let a = 0; a < dims; a++) s += p[a]! * axis[a]!;
      return s;
    }),
  );
}
