import {
  coversEvidence,
  intersectionOverUnion,
  layoutRecall,
  liesInside,
  summarizeLayout,
} from './layout-metrics';

describe('layout metrics (MMDocIR)', () => {
  it('computes IoU of two boxes, 0 when they only touch', () => {
    expect(intersectionOverUnion([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(intersectionOverUnion([0, 0, 10, 10], [5, 0, 15, 10])).toBeCloseTo(50 / 150);
    expect(intersectionOverUnion([0, 0, 10, 10], [10, 0, 20, 10])).toBe(0);
  });

  it('counts an element inside the evidence box, with a 2 pt tolerance, but never an empty box', () => {
    expect(liesInside([10, 10, 20, 20], [0, 0, 100, 100])).toBe(true);
    expect(liesInside([10, 10, 101.5, 20], [0, 0, 100, 100])).toBe(true);
    expect(liesInside([10, 10, 110, 20], [0, 0, 100, 100])).toBe(false);
    expect(liesInside([10, 10, 10, 20], [0, 0, 100, 100])).toBe(false);
  });

  it('hits on IoU >= 0.5 or inside, on the same page only', () => {
    const evidence = { pageNumber: 2, bbox: [0, 0, 100, 100] as const };
    const el = (pageNumber: number, bbox: [number, number, number, number]) => ({
      docId: 'd',
      pageNumber,
      bbox,
    });
    expect(coversEvidence(el(2, [0, 0, 120, 110]), evidence)).toBe(true); // IoU 0.76, larger than the box
    expect(coversEvidence(el(2, [0, 0, 200, 200]), evidence)).toBe(false); // IoU 0.25: a whole-page element
    expect(coversEvidence(el(2, [20, 20, 40, 40]), evidence)).toBe(true); // inside
    expect(coversEvidence(el(3, [20, 20, 40, 40]), evidence)).toBe(false); // other page
  });

  it('recall@k is the share of evidence boxes hit by the top k elements of the own document', () => {
    const boxes = [
      { pageNumber: 1, bbox: [0, 0, 50, 50] as const },
      { pageNumber: 4, bbox: [0, 100, 50, 150] as const },
    ];
    const ranked = [
      { docId: 'other', pageNumber: 1, bbox: [0, 0, 50, 50] as const }, // another document: ignored
      { docId: 'd', pageNumber: 2, bbox: [0, 0, 50, 50] as const },
      { docId: 'd', pageNumber: 4, bbox: [0, 100, 50, 150] as const },
      { docId: 'd', pageNumber: 9, bbox: [0, 0, 5, 5] as const },
      { docId: 'd', pageNumber: 1, bbox: [10, 10, 20, 20] as const },
    ];
    expect(layoutRecall(ranked, 'd', boxes)).toEqual({ 1: 0, 3: 0.5, 5: 1 });
    expect(() => layoutRecall(ranked, 'd', [])).toThrow(RangeError);
  });

  it('averages per-question recall', () => {
    expect(
      summarizeLayout([
        { 1: 0, 3: 0.5, 5: 1 },
        { 1: 1, 3: 1, 5: 1 },
      ]),
    ).toEqual({
      n: 2,
      recall: { 1: 0.5, 3: 0.75, 5: 1 },
    });
    expect(summarizeLayout([])).toEqual({ n: 0, recall: { 1: 0, 3: 0, 5: 0 } });
  });
});
