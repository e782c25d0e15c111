import {
  groupIntoLines,
  type OcrLine,
  type OcrSegment,
  type PixelBox,
  sortInReadingOrder,
} from './line-grouping';

const segment = (text: string, box: PixelBox, confidence = 0.9): OcrSegment => ({ text, box, confidence });
const line = (text: string, box: PixelBox): OcrLine => ({ text, box, confidence: 1, segments: [] });

describe('groupIntoLines', () => {
  it('joins boxes on one baseline left to right, with their union box and a character-weighted confidence', () => {
    const lines = groupIntoLines([
      segment('WORKS', [300, 12, 380, 42], 0.6),
      segment('GRAPH', [10, 10, 120, 40], 1),
      segment('RETRIEVAL', [140, 11, 280, 41], 0.9),
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text).toBe('GRAPH RETRIEVAL WORKS');
    expect(lines[0]!.box).toEqual([10, 10, 380, 42]);
    expect(lines[0]!.confidence).toBeCloseTo((5 * 1 + 9 * 0.9 + 5 * 0.6) / 19, 5);
  });

  it('keeps a column gap, a different text size and a different row apart', () => {
    const lines = groupIntoLines([
      segment('left column', [10, 100, 200, 120]),
      segment('right column', [400, 100, 600, 120]), // gap of 10 line heights
      segment('Heading', [620, 90, 760, 130]), // twice as tall
      segment('next row', [10, 130, 150, 150]),
    ]);
    expect(lines.map((l) => l.text).sort()).toEqual(['Heading', 'left column', 'next row', 'right column']);
  });

  it('drops empty readings and trims whitespace', () => {
    const lines = groupIntoLines([segment('  ', [0, 0, 10, 10]), segment(' text ', [20, 0, 60, 10])]);
    expect(lines.map((l) => l.text)).toEqual(['text']);
  });
});

describe('sortInReadingOrder', () => {
  it('reads a full-width heading, then each column top to bottom, then the footer', () => {
    const ordered = sortInReadingOrder([
      line('R1', [400, 100, 700, 120]),
      line('L2', [20, 124, 320, 144]),
      line('footer', [20, 400, 200, 415]),
      line('Title', [20, 20, 700, 70]),
      line('L1', [20, 100, 320, 120]),
      line('R2', [400, 124, 700, 144]),
    ]);
    expect(ordered.map((l) => l.text)).toEqual(['Title', 'L1', 'L2', 'R1', 'R2', 'footer']);
  });

  it('orders lines top to bottom in a single column', () => {
    const ordered = sortInReadingOrder([
      line('b', [10, 50, 300, 70]),
      line('a', [10, 20, 200, 40]),
      line('c', [10, 80, 250, 100]),
    ]);
    expect(ordered.map((l) => l.text)).toEqual(['a', 'b', 'c']);
  });
});
