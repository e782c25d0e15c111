import type { TextItem } from '../../document/document-model';
import { textItemAt } from './testing/layout-fixtures';
import { buildSegments } from './lines';
import { mergeOverprinted } from './overprint';

/** An item set in 44 pt type whose characters are `charWidth` wide, starting at `x0`. */
function item(text: string, x0: number, charWidth = 20, fontSize = 44): TextItem {
  return textItemAt(text, [x0, 146, x0 + text.length * charWidth, 200], {
    fontName: 'SourceSansPro-Light',
    fontSize,
  });
}

describe('mergeOverprinted', () => {
  it('reads a title drawn twice and cut at different places once', () => {
    // Two copies of "The Limes Residential Home", the second shifted by under a point, as pdf.js returns them.
    const row = [
      item('The', 34),
      item('The Limes', 34.9),
      item('Limes R', 114),
      item('Residential', 214),
      item('esidential Home', 234.5),
      item('Home', 454),
    ];
    const merged = mergeOverprinted(row);
    expect(merged.map((i) => i.text)).toEqual(['The Limes Residential Home']);
    expect(merged[0]?.bbox[0]).toBe(34);
    expect(merged[0]?.bbox[2]).toBe(234.5 + 15 * 20);
    expect(buildSegments(row).map((s) => s.text)).toEqual(['The Limes Residential Home']);
  });

  it('keeps one of two identical items drawn on top of each other', () => {
    expect(mergeOverprinted([item('the top', 100), item('the top', 100.5)]).map((i) => i.text)).toEqual([
      'the top',
    ]);
  });

  it('leaves words that merely touch, and a repeated word set elsewhere on the line, as they are', () => {
    const row = [item('Home', 0), item('Home', 81), item('Home', 200)];
    expect(mergeOverprinted(row).map((i) => i.text)).toEqual(['Home', 'Home', 'Home']);
  });

  it('does not merge overlapping items whose texts differ (an accent over a letter, a label over a bar)', () => {
    const row = [item('Kocisk', 0, 10, 10), item('ˇ', 20, 4, 10), item('y et al.', 58, 10, 10)];
    expect(mergeOverprinted(row)).toHaveLength(3);
    expect(mergeOverprinted([item('TOTAL', 0), item('Total', 2)])).toHaveLength(2);
  });

  it('does not merge copies of different type sizes', () => {
    expect(mergeOverprinted([item('Revenue', 0, 20, 44), item('Revenue', 1, 20, 30)])).toHaveLength(2);
  });
});
