import { dbPostprocess, quadBounds } from './db-postprocess';

function map(width: number, height: number): Float32Array {
  return new Float32Array(width * height);
}

function paint(
  probabilities: Float32Array,
  width: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  p = 0.9,
): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) probabilities[y * width + x] = p;
}

describe('dbPostprocess', () => {
  it('turns each text kernel into a box grown by the unclip offset (area × ratio / perimeter)', () => {
    const width = 120;
    const height = 60;
    const probabilities = map(width, height);
    paint(probabilities, width, 10, 10, 50, 18); // 40 × 8 kernel
    paint(probabilities, width, 70, 30, 110, 40, 0.8); // 40 × 10 kernel

    const boxes = dbPostprocess(probabilities, width, height);

    expect(boxes).toHaveLength(2);
    const offsetA = (40 * 8 * 1.5) / (2 * (40 + 8)); // 5
    const [first, second] = boxes;
    const a = quadBounds(first!.quad);
    expect(a[0]).toBeCloseTo(10 - offsetA, 5);
    expect(a[1]).toBeCloseTo(10 - offsetA, 5);
    expect(a[2]).toBeCloseTo(50 + offsetA, 5);
    expect(a[3]).toBeCloseTo(18 + offsetA, 5);
    expect(first!.score).toBeCloseTo(0.9, 5);
    expect(second!.score).toBeCloseTo(0.8, 5);
  });

  it('drops specks below the minimum size and blobs whose mean probability is below the box threshold', () => {
    const width = 80;
    const height = 40;
    const probabilities = map(width, height);
    paint(probabilities, width, 5, 5, 7, 7); // 2 × 2 speck
    paint(probabilities, width, 20, 10, 60, 20, 0.45); // above the pixel threshold, below the box threshold
    expect(dbPostprocess(probabilities, width, height)).toEqual([]);
    expect(dbPostprocess(probabilities, width, height, { boxThreshold: 0.4 })).toHaveLength(1);
  });

  it('keeps separate components apart and joins diagonal neighbours (8-connectivity)', () => {
    const width = 40;
    const height = 20;
    const probabilities = map(width, height);
    paint(probabilities, width, 2, 2, 12, 8);
    paint(probabilities, width, 12, 8, 20, 14); // touches the first only at a corner
    paint(probabilities, width, 26, 2, 38, 8);
    expect(dbPostprocess(probabilities, width, height)).toHaveLength(2);
  });

  it('follows a tilted line with an oriented box', () => {
    const width = 200;
    const height = 80;
    const probabilities = map(width, height);
    const slope = Math.tan((5 * Math.PI) / 180);
    for (let x = 20; x < 180; x++) {
      const top = Math.round(30 + (x - 20) * slope);
      for (let y = top; y < top + 8; y++) probabilities[y * width + x] = 0.9;
    }
    const [box] = dbPostprocess(probabilities, width, height);
    const [topLeft, topRight, , bottomLeft] = box!.quad;
    const angle = (Math.atan2(topRight[1] - topLeft[1], topRight[0] - topLeft[0]) * 180) / Math.PI;
    expect(angle).toBeCloseTo(5, 0);
    const boxHeight = Math.hypot(bottomLeft[0] - topLeft[0], bottomLeft[1] - topLeft[1]);
    expect(boxHeight).toBeGreaterThan(10); // grown from the ~8 px kernel
    expect(boxHeight).toBeLessThan(22); // not the ~22 px axis-aligned extent
  });

  it('leaves an almost level line axis-aligned', () => {
    const width = 100;
    const height = 30;
    const probabilities = map(width, height);
    paint(probabilities, width, 10, 10, 90, 18);
    const [box] = dbPostprocess(probabilities, width, height);
    expect(box!.quad[0][1]).toBeCloseTo(box!.quad[1][1], 9);
  });
});
