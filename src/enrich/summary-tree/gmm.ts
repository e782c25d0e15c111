import { deriveSeed, seededRandom, type Random } from './seeded-random';

// A Gaussian mixture with diagonal covariances fitted by EM, k-means++ initialisation from a seeded RNG, and the
// component count chosen by BIC — what RAPTOR (and MMRAG-DocQA's cross-page index) cluster with. No maintained
// JavaScript GMM offers BIC selection with a seedable RNG, so this is a small one: data here is already reduced
// to ~10 dimensions and a clustering call holds a few hundred points.

export type Point = readonly number[];

export interface GaussianMixture {
  k: number;
  weights: number[];
  means: number[][];
  variances: number[][];
  logLikelihood: number;
  bic: number;
  iterations: number;
}

export interface GmmOptions {
  seed: number;
  maxIterations?: number;
  /** Stop when the mean log-likelihood per point improves by less than this. */
  tolerance?: number;
  /**
   * Variance floor as a fraction of the data's variance on that axis (plus scikit-learn's absolute reg_covar
   * 1e-6), so a component cannot collapse onto one or two points and win BIC on a near-infinite density.
   */
  varianceFloor?: number;
}

const LOG_2PI = Math.log(2 * Math.PI);

function squaredDistance(a: Point, b: Point): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) {
    const d = (a[j] ?? 0) - (b[j] ?? 0);
    s += d * d;
  }
  return s;
}

/**
 * Greedy k-means++ seeding (as scikit-learn): each next centre is the best of 2 + ⌊ln k⌋ candidates drawn with
 * probability proportional to their squared distance, which avoids two seeds in one blob far more often.
 */
export function kMeansPlusPlus(points: readonly Point[], k: number, random: Random): number[][] {
  const first = points[Math.floor(random() * points.length)] ?? points[0]!;
  const centres: number[][] = [[...first]];
  let nearest = points.map((p) => squaredDistance(p, first));
  const trials = 2 + Math.floor(Math.log(k));
  while (centres.length < k) {
    const total = nearest.reduce((a, b) => a + b, 0);
    let best: { index: number; potential: number; nearest: number[] } | null = null;
    for (let t = 0; t < trials; t++) {
      let index = points.length - 1;
      if (total > 0) {
        let r = random() * total;
        for (let i = 0; i < points.length; i++) {
          r -= nearest[i]!;
          if (r <= 0) {
            index = i;
            break;
          }
        }
      } else index = Math.floor(random() * points.length);
      const candidate = points[index]!;
      const updated = points.map((p, i) => Math.min(nearest[i]!, squaredDistance(p, candidate)));
      const potential = updated.reduce((a, b) => a + b, 0);
      if (!best || potential < best.potential) best = { index, potential, nearest: updated };
    }
    centres.push([...points[best!.index]!]);
    nearest = best!.nearest;
  }
  return centres;
}

/** A few Lloyd iterations from k-means++ centres: EM started from k-means is far less prone to poor optima. */
export function kMeans(points: readonly Point[], k: number, random: Random, iterations = 10): number[][] {
  let centres = kMeansPlusPlus(points, k, random);
  const dims = points[0]?.length ?? 0;
  for (let it = 0; it < iterations; it++) {
    const sums = centres.map(() => new Array<number>(dims).fill(0));
    const counts = new Array<number>(k).fill(0);
    for (const p of points) {
      let best = 0;
      let bestDistance = Infinity;
      centres.forEach((c, i) => {
        const d = squaredDistance(p, c);
        if (d < bestDistance) [best, bestDistance] = [i, d];
      });
      counts[best]! += 1;
      for (let j = 0; j < dims; j++) sums[best]![j]! += p[j]!;
    }
    const next = centres.map((c, i) => (counts[i]! > 0 ? sums[i]!.map((s) => s / counts[i]!) : c));
    if (next.every((c, i) => squaredDistance(c, centres[i]!) < 1e-18)) break;
    centres = next;
  }
  return centres;
}

function logSumExp(values: number[]): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  if (max === -Infinity) return max;
  let s = 0;
  for (const v of values) s += Math.exp(v - max);
  return max + Math.log(s);
}

/** Log-density of each point under each weighted component, and each point's log-likelihood. */
function weightedLogDensities(
  points: readonly Point[],
  model: Pick<GaussianMixture, 'weights' | 'means' | 'variances'>,
): { log: number[][]; perPoint: number[] } {
  const k = model.weights.length;
  const constants = model.variances.map((vars, c) => {
    let s = Math.log(model.weights[c]!);
    for (const v of vars) s -= 0.5 * (LOG_2PI + Math.log(v));
    return s;
  });
  const log: number[][] = [];
  const perPoint: number[] = [];
  for (const p of points) {
    const row: number[] = new Array<number>(k);
    for (let c = 0; c < k; c++) {
      const mean = model.means[c]!;
      const vars = model.variances[c]!;
      let q = 0;
      for (let j = 0; j < p.length; j++) {
        const d = p[j]! - mean[j]!;
        q += (d * d) / vars[j]!;
      }
      row[c] = constants[c]! - 0.5 * q;
    }
    log.push(row);
    perPoint.push(logSumExp(row));
  }
  return { log, perPoint };
}

function parameterCount(k: number, dims: number): number {
  return k * dims * 2 + (k - 1);
}

/** Fits a k-component diagonal GMM by EM. Deterministic for a given seed. */
export function fitGmm(points: readonly Point[], k: number, options: GmmOptions): GaussianMixture {
  const n = points.length;
  if (n === 0) throw new Error('fitGmm needs at least one point');
  const dims = points[0]!.length;
  k = Math.max(1, Math.min(k, n));
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-4;
  const floorFraction = options.varianceFloor ?? 1e-3;
  const random = seededRandom(deriveSeed(options.seed, 'gmm', k, n));

  const globalMean = new Array<number>(dims).fill(0);
  for (const p of points) for (let j = 0; j < dims; j++) globalMean[j]! += p[j]! / n;
  const globalVar = new Array<number>(dims).fill(0);
  for (const p of points) for (let j = 0; j < dims; j++) globalVar[j]! += (p[j]! - globalMean[j]!) ** 2 / n;
  const floor = globalVar.map((v) => v * floorFraction + 1e-6);

  let model = {
    weights: new Array<number>(k).fill(1 / k),
    means: kMeans(points, k, random),
    variances: Array.from({ length: k }, () => globalVar.map((v, j) => v / k + floor[j]!)),
  };
  let previous = -Infinity;
  let logLikelihood = -Infinity;
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const { log, perPoint } = weightedLogDensities(points, model);
    logLikelihood = perPoint.reduce((a, b) => a + b, 0);
    if (Math.abs(logLikelihood - previous) / n < tolerance) break;
    previous = logLikelihood;
    // M-step from the responsibilities.
    const resp = log.map((row, i) => row.map((v) => Math.exp(v - perPoint[i]!)));
    const next = { weights: [] as number[], means: [] as number[][], variances: [] as number[][] };
    for (let c = 0; c < k; c++) {
      let nk = 0;
      for (let i = 0; i < n; i++) nk += resp[i]![c]!;
      if (nk < 1e-8) {
        // An emptied component keeps its place (re-seeded on a random point) so k stays what BIC asked for.
        next.weights.push(1e-8);
        next.means.push([...points[Math.floor(random() * n)]!]);
        next.variances.push(globalVar.map((v, j) => v + floor[j]!));
        continue;
      }
      const mean = new Array<number>(dims).fill(0);
      for (let i = 0; i < n; i++) {
        const r = resp[i]![c]!;
        if (r === 0) continue;
        const p = points[i]!;
        for (let j = 0; j < dims; j++) mean[j]! += (r * p[j]!) / nk;
      }
      const vars = new Array<number>(dims).fill(0);
      for (let i = 0; i < n; i++) {
        const r = resp[i]![c]!;
        if (r === 0) continue;
        const p = points[i]!;
        for (let j = 0; j < dims; j++) vars[j]! += (r * (p[j]! - mean[j]!) ** 2) / nk;
      }
      next.weights.push(nk / n);
      next.means.push(mean);
      next.variances.push(vars.map((v, j) => v + floor[j]!));
    }
    model = next;
  }
  const bic = -2 * logLikelihood + parameterCount(k, dims) * Math.log(n);
  return { k, ...model, logLikelihood, bic, iterations };
}

/** Posterior probability of each component for each point (rows sum to 1). */
export function responsibilities(points: readonly Point[], model: GaussianMixture): number[][] {
  const { log, perPoint } = weightedLogDensities(points, model);
  return log.map((row, i) => row.map((v) => Math.exp(v - perPoint[i]!)));
}

/**
 * The candidate component counts 1..maxK: every count when there are few, else a geometric grid (1, 2, 3, 4, 6,
 * 8, 11, …) so a 400-point call fits ~12 models instead of 50; the best grid count is then refined by its
 * neighbours.
 */
function candidateCounts(maxK: number): number[] {
  if (maxK <= 12) return Array.from({ length: maxK }, (_, i) => i + 1);
  const ks = new Set<number>();
  for (let k = 1; k <= maxK; k = Math.max(k + 1, Math.round(k * 1.4))) ks.add(k);
  ks.add(maxK);
  return [...ks].sort((a, b) => a - b);
}

/** RAPTOR's model selection: fit k = 1..maxK and keep the lowest BIC (ties → fewer components). */
export function selectGmmByBic(points: readonly Point[], maxK: number, options: GmmOptions): GaussianMixture {
  const limit = Math.max(1, Math.min(maxK, points.length));
  const fitted = new Map<number, GaussianMixture>();
  const fit = (k: number): GaussianMixture => {
    let m = fitted.get(k);
    if (!m) fitted.set(k, (m = fitGmm(points, k, options)));
    return m;
  };
  const grid = candidateCounts(limit);
  let best = fit(1);
  for (const k of grid) if (fit(k).bic < best.bic) best = fit(k);
  if (limit > 12) {
    const at = grid.indexOf(best.k);
    const low = grid[at - 1] ?? 1;
    const high = grid[at + 1] ?? limit;
    for (let k = low + 1; k < high; k++) if (fit(k).bic < best.bic) best = fit(k);
  }
  return best;
}
