// DB (Differentiable Binarization) post-processing: probability map → thresholded connected components →
// oriented text boxes grown back to full size with the DB "unclip" offset.

export type Point = [number, number];
/** Corners in text order: top-left, top-right, bottom-right, bottom-left (as the text reads). */
export type Quad = [Point, Point, Point, Point];

export interface TextBox {
  quad: Quad;
  /** Mean text probability over the component. */
  score: number;
}

export interface DbPostprocessOptions {
  /** A pixel is text when its probability exceeds this. */
  threshold: number;
  /** A component is kept when its mean probability reaches this. */
  boxThreshold: number;
  /** How far a shrunk text kernel is grown back: offset = area × ratio / perimeter. */
  unclipRatio: number;
  /** Components whose short side is below this (map pixels) are noise. */
  minSize: number;
  maxCandidates: number;
  /** Tilts smaller than this (degrees) are treated as axis-aligned. */
  minTiltDegrees: number;
}

export const DEFAULT_DB_OPTIONS: DbPostprocessOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minSize: 3,
  maxCandidates: 1000,
  minTiltDegrees: 2,
};

/** Finds text boxes in a `height × width` probability map; coordinates are in map pixels. */
export function dbPostprocess(
  probabilities: ArrayLike<number>,
  width: number,
  height: number,
  options: Partial<DbPostprocessOptions> = {},
): TextBox[] {
  const opts = { ...DEFAULT_DB_OPTIONS, ...options };
  const labels = new Int32Array(width * height); // 0 = unvisited, -1 = background/visited
  const queue = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  let components = 0;

  for (let seed = 0; seed < width * height; seed++) {
    if (labels[seed] !== 0) continue;
    if (!((probabilities[seed] ?? 0) > opts.threshold)) {
      labels[seed] = -1;
      continue;
    }
    // Breadth-first flood fill (8-connected); the component's pixels end up contiguous in `queue`.
    components++;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    labels[seed] = components;
    while (head < tail) {
      const index = queue[head++]!;
      const x = index % width;
      const y = (index - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width || (dx === 0 && dy === 0)) continue;
          const neighbour = ny * width + nx;
          if (labels[neighbour] !== 0) continue;
          if ((probabilities[neighbour] ?? 0) > opts.threshold) {
            labels[neighbour] = components;
            queue[tail++] = neighbour;
          } else {
            labels[neighbour] = -1;
          }
        }
      }
    }
    const box = componentBox(queue.subarray(0, tail), width, probabilities, opts);
    if (box) boxes.push(box);
    if (boxes.length >= opts.maxCandidates) break;
  }
  return boxes;
}

function componentBox(
  pixels: Int32Array,
  width: number,
  probabilities: ArrayLike<number>,
  opts: DbPostprocessOptions,
): TextBox | null {
  const n = pixels.length;
  let sumX = 0;
  let sumY = 0;
  let sumP = 0;
  for (const index of pixels) {
    sumX += index % width;
    sumY += Math.floor(index / width);
    sumP += probabilities[index] ?? 0;
  }
  const score = sumP / n;
  if (score < opts.boxThreshold) return null;

  const angle = dominantAngle(pixels, width, sumX / n, sumY / n, opts.minTiltDegrees);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  let minU = Infinity;
  let maxU = -Infinity;
  let minV = Infinity;
  let maxV = -Infinity;
  for (const index of pixels) {
    const x = (index % width) + 0.5;
    const y = Math.floor(index / width) + 0.5;
    const u = x * cos + y * sin;
    const v = -x * sin + y * cos;
    if (u < minU) minU = u;
    if (u > maxU) maxU = u;
    if (v < minV) minV = v;
    if (v > maxV) maxV = v;
  }
  // Pixel centres span max − min; the pixels themselves reach half a pixel further on each side.
  const w = maxU - minU + 1;
  const h = maxV - minV + 1;
  if (Math.min(w, h) < opts.minSize) return null;

  const offset = (w * h * opts.unclipRatio) / (2 * (w + h));
  const grownW = w + 2 * offset;
  const grownH = h + 2 * offset;
  if (Math.min(grownW, grownH) < opts.minSize + 2) return null;

  const centreU = (minU + maxU) / 2;
  const centreV = (minV + maxV) / 2;
  const toXY = (u: number, v: number): Point => [u * cos - v * sin, u * sin + v * cos];
  const u0 = centreU - grownW / 2;
  const u1 = centreU + grownW / 2;
  const v0 = centreV - grownH / 2;
  const v1 = centreV + grownH / 2;
  return { quad: [toXY(u0, v0), toXY(u1, v0), toXY(u1, v1), toXY(u0, v1)], score };
}

/**
 * Orientation of the component's principal axis from its second moments, snapped to 0 when the tilt is small
 * or the blob is too round for the angle to mean anything. Near-vertical text stays axis-aligned (tall box).
 */
function dominantAngle(
  pixels: Int32Array,
  width: number,
  meanX: number,
  meanY: number,
  minTiltDegrees: number,
): number {
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (const index of pixels) {
    const dx = (index % width) - meanX;
    const dy = Math.floor(index / width) - meanY;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const spread = Math.sqrt((xx - yy) ** 2 + 4 * xy * xy);
  const major = (xx + yy + spread) / 2;
  const minor = (xx + yy - spread) / 2;
  const elongated = major > 9 * Math.max(minor, 1e-9); // axis ratio above ~3
  const tiltDegrees = Math.abs((angle * 180) / Math.PI);
  if (!elongated || tiltDegrees < minTiltDegrees || tiltDegrees > 45) return 0;
  return angle;
}

/** Axis-aligned bounds of a quad: [x0, y0, x1, y1]. */
export function quadBounds(quad: Quad): [number, number, number, number] {
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
