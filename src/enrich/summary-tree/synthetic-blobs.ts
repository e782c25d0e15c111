import { seededRandom } from './seeded-random';

// Test data for the clustering specs: Gaussian blobs with known labels.

/** `k` well-separated Gaussian blobs in `dims` dimensions, `perBlob` points each, labels alongside. */
export function blobs(k: number, perBlob: number, dims: number, seed: number, spread = 0.3) {
  const random = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const centres = Array.from({ length: k }, () => Array.from({ length: dims }, () => (random() - 0.5) * 20));
  const points: number[][] = [];
  const labels: number[] = [];
  for (let c = 0; c < k; c++)
    for (let i = 0; i < perBlob; i++) {
      points.push(centres[c]!.map((x) => x + gauss() * spread));
      labels.push(c);
    }
  return { points, labels };
}
