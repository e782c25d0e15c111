import { mapWithConcurrency } from '../../common/concurrency';
import { liteRelation, liteStep, topKSimilar, windowPairs } from './lite-evolution';

const v = (...xs: number[]) => Float32Array.from(xs);

describe('Lite evolution', () => {
  it('finds the top-K other nodes and pulls each vector towards them', () => {
    const h = [v(1, 0), v(0.8, 0.6), v(0, 1)];
    const top = topKSimilar(h, 1);
    expect(top.map((l) => l[0]!.index)).toEqual([1, 0, 1]);
    const next = liteStep(h, top, 0.5);
    expect(next[0]![1]).toBeGreaterThan(0);
    for (const x of next) expect(Math.hypot(x[0]!, x[1]!)).toBeCloseTo(1);
  });

  it('links the reading-order window and names relations by rule', () => {
    expect(windowPairs(4, 2)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(liteRelation({ kind: 'heading', readingIndex: 0 }, { kind: 'paragraph', readingIndex: 3 })).toBe(
      'hierarchy',
    );
    expect(liteRelation({ kind: 'paragraph', readingIndex: 1 }, { kind: 'table', readingIndex: 2 })).toBe(
      'reference',
    );
    expect(liteRelation({ kind: 'paragraph', readingIndex: 1 }, { kind: 'paragraph', readingIndex: 2 })).toBe(
      'context',
    );
  });

  it('runs work within the concurrency limit, in order', async () => {
    let active = 0;
    let peak = 0;
    const out = await mapWithConcurrency([1, 2, 3, 4, 5], 2, async (x) => {
      peak = Math.max(peak, ++active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      return x * 2;
    });
    expect(out).toEqual([2, 4, 6, 8, 10]);
    expect(peak).toBe(2);
  });
});
