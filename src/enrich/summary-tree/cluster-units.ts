import { responsibilities, selectGmmByBic } from './gmm';
import { reduceDimensions, type Reducer } from './reduce-dimensions';
import { deriveSeed } from './seeded-random';

// One level of RAPTOR clustering: reduce → Gaussian mixture with k by BIC → soft assignment (a unit joins every
// cluster whose posterior passes the threshold, and always its most likely one) → clusters still too large to
// summarise are clustered again on their own. Work is bounded: more than `maxUnitsPerCall` units are split into
// consecutive blocks in reading order (neighbouring text is the likeliest to share a topic) and each block is
// clustered alone, so a 500-page document costs a number of ~400-point calls linear in its size.

export interface ClusterInput {
  vector: ArrayLike<number>;
  /** Rough size of the unit's text, in characters: bounds what one cluster summary reads. */
  chars: number;
}

export interface ClusterOptions {
  seed: number;
  reducer: Reducer;
  dimensions: number;
  /** RAPTOR's 0.1: a unit also joins clusters it belongs to with at least this probability. 1 = hard clusters. */
  softThreshold: number;
  maxClusters: number;
  maxUnitsPerCall: number;
  /** A cluster above either bound is re-clustered on its own (RAPTOR's recursive split for large clusters). */
  maxClusterSize: number;
  maxClusterChars: number;
}

export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = {
  seed: 42,
  reducer: 'umap',
  dimensions: 10,
  softThreshold: 0.1,
  maxClusters: 50,
  maxUnitsPerCall: 400,
  maxClusterSize: 24,
  maxClusterChars: 14_000,
};

const MAX_DEPTH = 4;

/** Clusters of unit indexes, each sorted, listed by their first unit (so the output is in reading order). */
export function clusterUnits(units: readonly ClusterInput[], options: ClusterOptions): number[][] {
  const all = units.map((_, i) => i);
  const blocks = Math.ceil(units.length / options.maxUnitsPerCall);
  const size = Math.ceil(units.length / Math.max(1, blocks));
  const clusters: number[][] = [];
  for (let b = 0; b < blocks; b++) {
    const block = all.slice(b * size, (b + 1) * size);
    clusters.push(...clusterSubset(units, block, options, `b${b}`, 0));
  }
  return orderClusters(clusters);
}

function orderClusters(clusters: number[][]): number[][] {
  const unique = new Map<string, number[]>();
  for (const c of clusters) {
    const sorted = [...new Set(c)].sort((a, b) => a - b);
    if (sorted.length) unique.set(sorted.join(','), sorted);
  }
  return [...unique.values()].sort((a, b) => a[0]! - b[0]! || a.length - b.length);
}

function clusterSubset(
  units: readonly ClusterInput[],
  subset: number[],
  options: ClusterOptions,
  path: string,
  depth: number,
): number[][] {
  // RAPTOR keeps a set no larger than the reduced dimension + 1 as one cluster: there is nothing to fit.
  if (subset.length <= options.dimensions + 1 && fits(units, subset, options)) return [subset];
  if (subset.length <= 2) return subset.map((i) => [i]);
  const seed = deriveSeed(options.seed, path);
  const reduced = reduceDimensions(
    subset.map((i) => units[i]!.vector),
    { dimensions: options.dimensions, seed, reducer: options.reducer },
  );
  // At most half as many clusters as units, so every level at least halves (the tree reaches a root).
  const maxK = Math.max(1, Math.min(options.maxClusters, Math.floor(subset.length / 2)));
  const model = selectGmmByBic(reduced, maxK, { seed });
  const posterior = responsibilities(reduced, model);
  const members: number[][] = Array.from({ length: model.k }, () => []);
  posterior.forEach((row, i) => {
    let best = 0;
    row.forEach((p, c) => {
      if (p > row[best]!) best = c;
    });
    row.forEach((p, c) => {
      if (c === best || p >= options.softThreshold) members[c]!.push(subset[i]!);
    });
  });
  const clusters = members.filter((m) => m.length > 0);

  const out: number[][] = [];
  clusters.forEach((cluster, c) => {
    if (fits(units, cluster, options)) out.push(cluster);
    else if (cluster.length < subset.length && depth < MAX_DEPTH) {
      out.push(...clusterSubset(units, cluster, options, `${path}.${c}`, depth + 1));
    } else out.push(...consecutivePieces(units, cluster, options)); // the mixture did not split it
  });
  return out;
}

function fits(units: readonly ClusterInput[], cluster: number[], options: ClusterOptions): boolean {
  if (cluster.length > options.maxClusterSize) return false;
  return cluster.reduce((s, i) => s + units[i]!.chars, 0) <= options.maxClusterChars || cluster.length === 1;
}

/** Cuts a cluster in reading order into pieces that each fit one summary. */
function consecutivePieces(
  units: readonly ClusterInput[],
  cluster: number[],
  options: ClusterOptions,
): number[][] {
  const pieces: number[][] = [];
  let piece: number[] = [];
  let chars = 0;
  for (const i of [...cluster].sort((a, b) => a - b)) {
    const c = units[i]!.chars;
    if (piece.length > 0 && (piece.length >= options.maxClusterSize || chars + c > options.maxClusterChars)) {
      pieces.push(piece);
      piece = [];
      chars = 0;
    }
    piece.push(i);
    chars += c;
  }
  if (piece.length) pieces.push(piece);
  return pieces;
}
