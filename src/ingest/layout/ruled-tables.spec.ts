import type { BBox } from '../../document/document-model';
import { buildSegments } from './lines';
import { detectRuledTables } from './ruled-tables';
import { textItems } from './testing/layout-fixtures';

const item = textItems({ font: 'Body', boldFont: 'Body-Bold', charWidth: 0.5 });

/** The lines of a grid: a horizontal rule at each of `rows`, a vertical rule at each of `columns`, all 1 pt thick. */
function grid(columns: number[], rows: number[], opts: { verticalsFrom?: number } = {}): BBox[] {
  const [left, right] = [columns[0]!, columns[columns.length - 1]!];
  const [top, bottom] = [rows[0]!, rows[rows.length - 1]!];
  return [
    ...rows.map((y): BBox => [left, y - 0.5, right, y + 0.5]),
    ...columns.map((x, k): BBox => {
      const inner = k > 0 && k < columns.length - 1;
      return [x - 0.5, inner ? (opts.verticalsFrom ?? top) : top, x + 0.5, bottom];
    }),
  ];
}

describe('detectRuledTables', () => {
  it('reads a ruled table whose cells wrap over several lines, one row per ruled row', () => {
    // three columns at 50 | 150 | 350 | 450, rows ruled at 100, 120, 170, 200
    const items = [
      item('Part', 55, 105),
      item('Description', 155, 105),
      item('Price', 355, 105),
      item('Anchor bolt', 55, 125),
      item('Galvanised steel bolt for', 155, 125),
      item('concrete and masonry, sold', 155, 137),
      item('in boxes of fifty.', 155, 149),
      item('12.50', 355, 125),
      item('Wall plug', 55, 175),
      item('Nylon plug for brick.', 155, 175),
      item('3.20', 355, 175),
    ];
    const tables = detectRuledTables(buildSegments(items), grid([50, 150, 350, 450], [100, 120, 170, 200]));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.cells).toEqual([
      ['Part', 'Description', 'Price'],
      ['Anchor bolt', 'Galvanised steel bolt for concrete and masonry, sold in boxes of fifty.', '12.50'],
      ['Wall plug', 'Nylon plug for brick.', '3.20'],
    ]);
    expect(tables[0]!.cellBoxes[1]![1]).toEqual([155, 125, 155 + 26 * 5, 159]);
  });

  it('splits a ruled row into its printed rows when every cell holds the same number of lines side by side', () => {
    const items = [
      item('Year', 55, 105),
      item('Visitors', 155, 105),
      ...['2019', '2020', '2021'].map((y, k) => item(y, 55, 125 + 12 * k)),
      ...['1,200', '950', '1,480'].map((v, k) => item(v, 155, 125 + 12 * k)),
    ];
    const tables = detectRuledTables(buildSegments(items), grid([50, 150, 250], [100, 120, 165]));
    expect(tables[0]!.cells).toEqual([
      ['Year', 'Visitors'],
      ['2019', '1,200'],
      ['2020', '950'],
      ['2021', '1,480'],
    ]);
  });

  it('cuts a line of text that runs across a column rule into the two cells', () => {
    const items = [
      item('Key', 55, 105),
      item('Value', 155, 105),
      // one text-layer item each side of the rule, close enough to be one segment
      item('Voltage', 55, 125, { width: 93 }),
      item('5 V', 152, 125),
      item('Current', 55, 145),
      item('2 A', 155, 145),
    ];
    const tables = detectRuledTables(buildSegments(items), grid([50, 150, 250], [100, 120, 140, 160]));
    expect(tables[0]!.cells[1]).toEqual(['Voltage', '5 V']);
  });

  it('leaves a table to the alignment detector when its column rules are drawn in the header only', () => {
    const items = [
      item('Type', 55, 105),
      item('Use', 155, 105),
      item('Interest rate', 55, 125),
      item('Hedge fixed rate assets', 155, 125),
      item('Credit', 55, 137),
      item('Hedge credit risk', 155, 137),
    ];
    const rules = grid([50, 150, 300], [100, 120, 160], { verticalsFrom: 100 }).map((r): BBox =>
      // the inner separator stops at the header's bottom rule
      r[0] === 149.5 ? [r[0], 100, r[2], 120] : r,
    );
    expect(detectRuledTables(buildSegments(items), rules)).toEqual([]);
  });

  it('leaves drawn column separators alone when the row labels sit outside them (a statement)', () => {
    const items = [
      item('Net sales', 20, 125),
      item('65,398', 305, 125),
      item('59,812', 405, 125),
      item('Cost of sales', 20, 145),
      item('(56,744)', 305, 145),
      item('(51,445)', 405, 145),
    ];
    expect(detectRuledTables(buildSegments(items), grid([300, 400, 500], [120, 140, 160]))).toEqual([]);
  });

  it('does not take a frame round prose, or a page of text between rules, for a table', () => {
    const prose = [
      item('A boxed note that runs on for a while', 55, 105),
      item('and ends here.', 55, 117),
      item('A second note in its own box.', 55, 135),
    ];
    expect(detectRuledTables(buildSegments(prose), grid([50, 300, 302], [100, 130, 150]))).toEqual([]);
    expect(detectRuledTables(buildSegments(prose), [])).toEqual([]);
  });
});
