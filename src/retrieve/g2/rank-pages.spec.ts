import type { SeedElement } from './g2.repository';
import { rankPages } from './rank-pages';

const seed = (id: string, pageNumber: number, score: number): SeedElement & { subQuery: string } => ({
  elementId: id,
  docId: 'd',
  pageNumber,
  kind: 'table',
  text: id,
  bbox: [0, 0, 1, 1],
  score,
  subQuery: 'q1',
});
const read = (id: string, pageNumber: number, score: number) => ({
  ...seed(id, pageNumber, score),
  via: 'seed',
  relation: null,
  fromElementId: null,
  fromPage: null,
  hop: 0,
  round: 0,
});

describe('rankPages (G2 page ranking)', () => {
  const nodes = [read('a', 3, 1), read('b', 7, 0.9), read('c', 3, 0.4)];
  const unread = [seed('x', 9, 0.8), seed('y', 12, 0.7)];

  it('ranks pages by their best read node, then pads with unread seeds up to k', () => {
    const pages = rankPages(nodes, unread, 3);
    expect(pages.map((p) => p.pageNumber)).toEqual([3, 7, 9]);
    expect(pages[0]!.elements.map((e) => e.elementId)).toEqual(['a', 'c']);
    expect(pages[2]).toMatchObject({ reason: 'g2:seed-unread', score: 0 });
  });

  it('puts the pages of a named statement first, read or not', () => {
    const pages = rankPages(nodes, unread, 3, [
      { docId: 'd', pageNumber: 12 },
      { docId: 'd', pageNumber: 7 },
    ]);
    expect(pages.map((p) => p.pageNumber)).toEqual([7, 12, 3]);
    expect(pages[1]!.elements[0]!.elementId).toBe('y');
  });
});
