import { buildSegments } from './lines';
import { detectTables } from './tables';
import { textItems } from './testing/layout-fixtures';

const item = textItems({ font: 'Body', boldFont: 'Body-Bold', charWidth: 0.5 });

/** A table's rows at `top`, one row every `step` points: each row's cells at the given x positions. */
function rows(cells: string[][], xs: number[], top: number, step: number) {
  return cells.flatMap((row, r) => row.map((text, c) => item(text, xs[c]!, top + step * r)));
}

describe('detectTables', () => {
  it('reads two tables printed side by side, their lines at other heights, as two tables', () => {
    const left = rows(
      [
        ['Error', 'Share'],
        ['Syntax', '4%'],
        ['Semantic', '29%'],
        ['Runtime', '67%'],
      ],
      [50, 150],
      100,
      12,
    );
    const right = rows(
      [
        ['Model', 'Score'],
        ['Small', '51.2'],
        ['Base', '55.8'],
        ['Large', '60.1'],
      ],
      [320, 420],
      104,
      12,
    );
    const tables = detectTables(buildSegments([...left, ...right]), [], 10);
    expect(tables.map((t) => t.cells)).toEqual([
      [
        ['Error', 'Share'],
        ['Syntax', '4%'],
        ['Semantic', '29%'],
        ['Runtime', '67%'],
      ],
      [
        ['Model', 'Score'],
        ['Small', '51.2'],
        ['Base', '55.8'],
        ['Large', '60.1'],
      ],
    ]);
  });

  it('keeps a statement whose labels print a little below their values as one table', () => {
    const labels = ['Network', 'Buildings', 'Furniture'].map((t, r) => item(t, 50, 101.7 + 12 * r));
    const values = rows(
      [
        ['77.2%', '76.9%'],
        ['11.7%', '11.7%'],
        ['11.1%', '11.4%'],
      ],
      [300, 400],
      100,
      12,
    );
    const tables = detectTables(buildSegments([...labels, ...values]), [], 10);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.cells[0]).toEqual(['Network', '77.2%', '76.9%']);
  });

  it('takes a table out of the prose column beside it', () => {
    const prose = [
      'The survey asked the same question in three',
      'waves, and the share of people naming the',
      'economy fell in each of them while the share',
      'naming security as the top issue rose.',
    ].map((t, r) => item(t, 50, 104 + 12 * r));
    const table = rows(
      [
        ['Issue', '2014', '2015'],
        ['Economy', '14', '9'],
        ['Security', '2', '8'],
        ['Health', '6', '5'],
      ],
      [320, 400, 450],
      100,
      12,
    );
    const tables = detectTables(buildSegments([...prose, ...table]), [], 10);
    expect(tables.map((t) => t.cells)).toEqual([
      [
        ['Issue', '2014', '2015'],
        ['Economy', '14', '9'],
        ['Security', '2', '8'],
        ['Health', '6', '5'],
      ],
    ]);
  });

  it('keeps the sub-columns under a head that spans them apart', () => {
    const items = [
      item('Error', 50, 100),
      item('Share of errors (%)', 160, 100, { width: 130 }),
      ...rows(
        [
          ['Short', 'Medium', 'Long'],
          ['0%', '1%', '2%'],
          ['29%', '38%', '77%'],
          ['71%', '61%', '21%'],
        ],
        [160, 220, 280],
        112,
        12,
      ),
      ...['Syntax', 'Semantic', 'Runtime'].map((t, r) => item(t, 50, 124 + 12 * r)),
    ];
    expect(detectTables(buildSegments(items), [], 10)[0]!.cells).toEqual([
      ['Error', '', 'Share of errors (%)', ''],
      ['', 'Short', 'Medium', 'Long'],
      ['Syntax', '0%', '1%', '2%'],
      ['Semantic', '29%', '38%', '77%'],
      ['Runtime', '71%', '61%', '21%'],
    ]);
  });
});
