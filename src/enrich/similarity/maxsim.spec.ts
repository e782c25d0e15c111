import { keepTopK, localityOrder, maxSim, symmetricMaxSim } from './maxsim';

const v = (...xs: number[]) => Float32Array.from(xs);

describe('MaxSim', () => {
  it('averages each vector’s best match, and is symmetric when averaged both ways', () => {
    const a = [v(1, 0), v(0, 1)];
    const b = [v(1, 0)];
    expect(maxSim(a, b)).toBeCloseTo(0.5);
    expect(maxSim(b, a)).toBeCloseTo(1);
    expect(symmetricMaxSim(a, b)).toBeCloseTo(symmetricMaxSim(b, a));
    expect(maxSim([], b)).toBe(0);
  });

  it('keeps candidates at or above τ, best first, at most k', () => {
    const kept = keepTopK(
      [
        { id: 'a', score: 0.9, coarse: 0 },
        { id: 'b', score: 0.69, coarse: 0 },
        { id: 'c', score: 0.7, coarse: 0 },
        { id: 'd', score: 0.8, coarse: 0 },
      ],
      0.7,
      2,
    );
    expect(kept.map((c) => c.id)).toEqual(['a', 'd']);
  });
});

describe('localityOrder', () => {
  it('visits each page once, neighbours right after their page, and unreached pages in reading order', () => {
    const candidates = new Map([
      ['p1', [{ id: 'p4' }, { id: 'other-doc:p1' }]],
      ['p4', [{ id: 'p1' }, { id: 'p6' }]],
      ['p2', [{ id: 'p5' }]],
    ]);
    const order = localityOrder(['p1', 'p2', 'p3', 'p4', 'p5', 'p6'], candidates);
    expect(order).toEqual(['p1', 'p4', 'p6', 'p2', 'p5', 'p3']);
  });
});
