import type { ElementNeighbour, SeedElement } from './g2.repository';
import { readSubgraph } from './subgraph-readout';

const seed = (id: string, pageNumber: number, score: number): SeedElement => ({
  elementId: id,
  docId: 'd',
  pageNumber,
  kind: 'paragraph',
  text: id,
  bbox: [0, 0, 1, 1],
  score,
});
const nb = (
  from: string,
  id: string,
  pageNumber: number,
  via: string,
  similarity: number,
  edgeScore = 1,
): ElementNeighbour => ({
  ...seed(id, pageNumber, 0),
  fromElementId: from,
  fromPage: 1,
  via,
  relation: via === 'relates-to' ? 'elaboration' : null,
  edgeScore,
  similarity,
});

describe('readSubgraph (greedy readout)', () => {
  const seeds = [seed('a', 1, 0.04), seed('b', 3, 0.02), seed('c', 4, 0.01)];
  const neighbours = [
    nb('a', 'a-next', 2, 'next-element', 0.2),
    nb('a', 'a-rel', 6, 'relates-to', 0.9, 0.8),
    nb('a', 'a-cap', 1, 'captions', 0.1),
    nb('b', 'b-prev', 3, 'previous-element', 0.5),
  ];

  it('reads the best seed, then its best neighbours, then the next seed, until the budget', () => {
    const read = readSubgraph(seeds, neighbours, new Set(), 5, 2);
    expect(read.map((r) => r.elementId)).toEqual(['a', 'a-rel', 'a-next', 'b', 'b-prev']);
    expect(read[0]).toMatchObject({ via: 'seed', score: 1, hop: 0, fromPage: null });
    expect(read[1]).toMatchObject({
      via: 'relates-to',
      relation: 'elaboration',
      hop: 1,
      fromElementId: 'a',
      fromPage: 1,
    });
    expect(read[1]!.score).toBeCloseTo(0.5 * 0.8);
    expect(read[3]!.score).toBeCloseTo(0.5);
  });

  it('never reads an excluded or already read node, and stops at the budget', () => {
    const read = readSubgraph(seeds, neighbours, new Set(['a', 'b-prev']), 3, 2);
    expect(read.map((r) => r.elementId)).toEqual(['b', 'c']);
    expect(readSubgraph(seeds, neighbours, new Set(), 2, 2)).toHaveLength(2);
  });
});
