import type { BBox } from '../../src/document/document-model';
import { checkElement, type Piece } from './ocr-boxes-metrics';

const piece = (text: string, bbox: BBox): Piece => ({ text, bbox });

describe('checkElement', () => {
  it('passes one paragraph, even with a line read as two pieces', () => {
    const paragraph = [
      piece('A first line read', [40, 100, 200, 114]),
      piece('in two pieces', [215, 100, 320, 114]),
      piece('and a second line under both of them', [40, 120, 330, 134]),
    ];
    expect(checkElement(paragraph)).toMatchObject({ sideBySide: false, stacked: false });
  });

  it('flags two boxes interleaved row by row', () => {
    const mixed = [
      piece('left box first', [40, 100, 180, 114]),
      piece('right box first', [230, 100, 370, 114]),
      piece('left box second', [40, 120, 180, 134]),
      piece('right box second', [230, 120, 370, 134]),
    ];
    expect(checkElement(mixed).sideBySide).toBe(true);
  });

  it('passes a row of one-line labels, and flags rows far apart', () => {
    const labels = [piece('North', [40, 100, 90, 114]), piece('South', [200, 100, 250, 114])];
    expect(checkElement(labels).sideBySide).toBe(false);
    const apart = [piece('upper box', [40, 100, 140, 114]), piece('lower box', [40, 160, 140, 174])];
    expect(checkElement(apart).stacked).toBe(true);
  });

  it('measures how much of a table sits in rows of two or more cells', () => {
    const grid = [
      piece('Region', [40, 100, 90, 114]),
      piece('2024', [200, 100, 240, 114]),
      piece('North', [40, 120, 90, 134]),
      piece('120', [200, 120, 230, 134]),
      piece('a label alone', [40, 160, 140, 174]),
    ];
    expect(checkElement(grid).gridShare).toBeCloseTo(2 / 3, 9);
  });
});
