import { fuseByUnion, mergeExpansion, type PathPage } from './dmap-fusion';

const EQUAL = { text: 1, structure: 1, visual: 1 };

const page = (pageNumber: number, detail = 'x', elementId?: string): PathPage => ({
  docId: 'd',
  pageNumber,
  score: 1,
  detail,
  elements: elementId
    ? [{ elementId, kind: 'paragraph', text: elementId, bbox: [0, 0, 1, 1], score: 1 }]
    : [],
});

describe('fuseByUnion', () => {
  it('keeps every page any path found and ranks agreement between paths first', () => {
    const fused = fuseByUnion(
      {
        structure: [page(7, 'section-title: Results'), page(2)],
        text: [page(2, 'hybrid', 'e2'), page(3)],
        visual: [page(9)],
      },
      60,
      EQUAL,
    );
    // 2: two paths; 7 and 9: first on one path each (ties by page); 3: second on one path.
    expect(fused.map((f) => f.pageNumber)).toEqual([2, 7, 9, 3]);
    expect(fused[0]).toMatchObject({
      pageNumber: 2,
      paths: [
        { path: 'text', rank: 0 },
        { path: 'structure', rank: 1 },
      ],
    });
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 62);
    expect(fused[0]!.elements.map((e) => e.elementId)).toEqual(['e2']);
  });

  it('scores a page found by one path by its rank there alone', () => {
    const fused = fuseByUnion({ structure: [page(5)], text: [], visual: [] }, 60, EQUAL);
    expect(fused).toEqual([expect.objectContaining({ pageNumber: 5, score: 1 / 61, elements: [] })]);
  });

  it("weighs each path's ranks: by default the text path's first page outranks the others' first pages", () => {
    const fused = fuseByUnion({ structure: [page(7)], text: [page(3), page(4)], visual: [page(9)] }, 10);
    expect(fused.map((f) => f.pageNumber)).toEqual([3, 4, 7, 9]);
    expect(fused[2]!.score).toBeCloseTo(0.25 / 11);
  });
});

describe('mergeExpansion', () => {
  const s = (pageNumber: number, support: number) => ({ docId: 'd', pageNumber, support });

  it('lets an expanded page in only when it supports the question better than the weakest answer page', () => {
    const { answer, displaced } = mergeExpansion([s(1, 0.4), s(2, 0.1)], [s(3, 0.3), s(4, 0.05)], 2);
    expect(answer.map((p) => p.pageNumber)).toEqual([1, 3]);
    expect(displaced.map((p) => p.pageNumber)).toEqual([2]);
  });

  it('ignores expanded pages already among the answer pages', () => {
    const { answer } = mergeExpansion([s(1, 0.2)], [s(1, 0.9)], 3);
    expect(answer).toEqual([s(1, 0.2)]);
  });
});
