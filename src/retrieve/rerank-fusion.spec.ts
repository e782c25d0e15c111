import { fusedRerankOrder } from './rerank-fusion';

describe('fusedRerankOrder', () => {
  it("lifts a page the cross-encoder prefers by a rank, not past the strategy's whole list", () => {
    // Strategy order 0, 1, 2; the cross-encoder prefers 1, then 2, then 0.
    expect(fusedRerankOrder([0.1, 0.9, 0.5], 10)).toEqual([1, 0, 2]);
  });

  it('keeps the strategy order when the cross-encoder agrees, and on ties', () => {
    expect(fusedRerankOrder([0.9, 0.5, 0.1], 10)).toEqual([0, 1, 2]);
    expect(fusedRerankOrder([0.5, 0.5, 0.5], 10)).toEqual([0, 1, 2]);
  });

  it("lets the strategy's last page, first for the cross-encoder, rise as far as k allows", () => {
    const scores = [0.2, 0.3, 0.1, 0.25, 0.05, 0.15, 0.4, 0.35, 0.02, 0.99];
    expect(fusedRerankOrder(scores, 10).indexOf(9)).toBe(3);
    expect(fusedRerankOrder(scores, 1).indexOf(9)).toBe(1);
  });

  it('handles no pages', () => {
    expect(fusedRerankOrder([], 10)).toEqual([]);
  });
});
