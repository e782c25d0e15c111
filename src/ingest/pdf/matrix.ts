// 2-D affine matrices in PDF order [a, b, c, d, e, f]: (x, y) ↦ (a·x + c·y + e, b·x + d·y + f).
import type { BBox } from '../../document/document-model';

export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The matrix that applies `first`, then `second`. */
export function multiply(first: readonly number[], second: readonly number[]): Matrix {
  const [a1 = 1, b1 = 0, c1 = 0, d1 = 1, e1 = 0, f1 = 0] = first;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = second;
  return [
    a1 * a2 + b1 * c2,
    a1 * b2 + b1 * d2,
    c1 * a2 + d1 * c2,
    c1 * b2 + d1 * d2,
    e1 * a2 + f1 * c2 + e2,
    e1 * b2 + f1 * d2 + f2,
  ];
}

export function applyToPoint(m: readonly number[], x: number, y: number): [number, number] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** Axis-aligned bounding box of the rectangle [x0, y0]–[x1, y1] after applying `m`. */
export function transformRect(m: readonly number[], x0: number, y0: number, x1: number, y1: number): BBox {
  return boundsOf([
    applyToPoint(m, x0, y0),
    applyToPoint(m, x1, y0),
    applyToPoint(m, x0, y1),
    applyToPoint(m, x1, y1),
  ]);
}

/** Axis-aligned bounding box of `points`. */
export function boundsOf(points: Iterable<readonly [number, number]>): BBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

export function roundBox(b: BBox): BBox {
  return [round2(b[0]), round2(b[1]), round2(b[2]), round2(b[3])];
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
