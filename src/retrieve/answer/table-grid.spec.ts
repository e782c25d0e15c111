import { parseTableGrid } from './table-grid';
import { formatAmount, parseAmount, scaleOf, yearOf } from './table-numbers';
import { tableElement } from './testing/evidence-builders';

/** The grid read from a table as ingest stores it, cells with their boxes; `context`: the lines printed above it. */
const gridOf = (rows: string[][], context?: string[]) => parseTableGrid(tableElement(rows), context)!;

describe('parseAmount', () => {
  it.each([
    ['1,234', 1234],
    ['$ 26,291', 26291],
    ['(1,176)', -1176],
    ['$(45.5)', -45.5],
    ['-12', -12],
    ['12.5%', 12.5],
    ['1,204 (a)', 1204],
    ['318*', 318],
    ['2,045¹', 2045],
    ['.75', 0.75],
    ['73.2% (1.9%)', 73.2],
    ['61.5% (±0.8)', 61.5],
  ])('reads %s as %d', (text, value) => {
    expect(parseAmount(text)?.value).toBe(value);
  });

  it('reads dashes as nothing to report (zero for arithmetic) and refuses words and dates', () => {
    expect(parseAmount('—')).toEqual({ value: 0, dash: true, percent: false, currency: false });
    expect(parseAmount('$ -')).toMatchObject({ value: 0, dash: true, currency: true });
    expect(parseAmount('(1)')?.value).toBe(-1);
    expect(parseAmount('12.5%')?.percent).toBe(true);
    for (const text of ['Total assets', 'n/m', '2021 and 2020', '1,23', '', '1,234 (56)', '12.5 (0.4)'])
      expect(parseAmount(text)).toBeNull();
  });

  it('prints amounts as statements do', () => {
    expect(formatAmount(26291)).toBe('26,291');
    expect(formatAmount(-1176)).toBe('(1,176)');
    expect(formatAmount(2.5, 2)).toBe('2.50');
  });
});

describe('scales and years', () => {
  it.each([
    ['(In millions, except per share data)', 'millions'],
    ['$ in thousands', 'thousands'],
    ['(Dollars in billions)', 'billions'],
    ['($000)', 'thousands'],
    ['Amounts in millions of U.S. dollars', 'millions'],
    ['(Millions) 2030 2029', 'millions'],
    ['(Millions, except per share amounts)', 'millions'],
    ['Amounts in thousands of dollars', 'thousands'],
    ['Figures expressed in millions', 'millions'],
    ['Revenue (in EUR millions)', 'millions'],
    ['Years ended December 31 ($ millions)', 'millions'],
    ['(Thousands of dollars)', 'thousands'],
    ['Billions of dollars, unless noted', 'billions'],
  ])('reads the scale of %s', (text, scale) => {
    expect(scaleOf(text)).toBe(scale);
  });

  it('reads no scale from prose and years from period headers', () => {
    expect(scaleOf('Revenue grew by millions of units')).toBeNull();
    expect(scaleOf('Users (millions of them) came back')).toBeNull();
    expect(yearOf('Year ended December 31, 2021')).toBe(2021);
    expect(yearOf('FY22')).toBe(2022);
    expect(yearOf('Fiscal 2020')).toBe(2020);
    expect(yearOf('1,234')).toBeNull();
  });
});

describe('parseTableGrid', () => {
  const statement = [
    ['(In millions, except per share data)', 'Year ended December 31', ''],
    ['', '2021', '2020'],
    ['Net sales', '$ 5,210', '$ 4,870'],
    ['Cost of sales', '(3,020)', '(2,915)'],
    ['Operating expenses:', '', ''],
    ['Research and development', '610', '575'],
    ['Restructuring', '—', '42'],
    ['Total operating expenses', '1,410', '1,390'],
    ['Diluted earnings per share', '$ 2.31', '$ 1.98'],
    ['Gross margin %', '42.0%', '40.1%'],
  ];

  it('joins a spanning period header with the years under it, and reads the scale line', () => {
    const grid = gridOf(statement);
    expect(grid.headerRowCount).toBe(2);
    expect(grid.columns.map((c) => [c.col, c.header, c.year])).toEqual([
      [1, 'Year ended December 31 2021', 2021],
      [2, 'Year ended December 31 2020', 2020],
    ]);
    expect(grid.scale).toBe('millions');
    expect(grid.scaleText).toBe('(In millions, except per share data)');
    expect(grid.hasCellBoxes).toBe(true);
  });

  it('reads negatives in parentheses, dashes, group labels, per-share and percent rows', () => {
    const grid = gridOf(statement);
    const row = (label: string) => grid.rows.find((r) => r.label === label)!;
    expect(row('Cost of sales').values.map((v) => v?.amount.value)).toEqual([-3020, -2915]);
    expect(row('Restructuring').values[0]?.amount).toMatchObject({ value: 0, dash: true });
    expect(row('Research and development').parent).toBe('Operating expenses');
    expect(row('Net sales').parent).toBeNull();
    expect(row('Total operating expenses').parent).toBe('Operating expenses');
    expect(row('Net sales')).toMatchObject({ unit: 'USD', scale: 'millions' });
    expect(row('Diluted earnings per share')).toMatchObject({ unit: 'USD per share', scale: 'units' });
    expect(row('Gross margin %')).toMatchObject({ unit: '%', scale: 'units' });
    expect(grid.rows.map((r) => r.label)).not.toContain('Operating expenses');
  });

  it('keeps each cell box, and none when the table was ingested without them', () => {
    const withBoxes = gridOf(statement);
    expect(withBoxes.rows[0]!.values[0]!.bbox).toEqual([222, 136, 350, 148]);
    expect(withBoxes.rows[0]!.labelBox).toEqual([72, 136, 200, 148]);
    const without = parseTableGrid(tableElement(statement, { cells: false }))!;
    expect(without.hasCellBoxes).toBe(false);
    expect(without.rows[0]!.values[0]).toMatchObject({ text: '$ 5,210', bbox: null });
  });

  it('reads a scale printed above the table, segments as column headers, and share counts in their own scale', () => {
    const grid = gridOf(
      [
        ['', 'Americas', 'Europe', 'Asia Pacific'],
        ['Net sales', '1,200', '800', '450'],
        ['Weighted-average shares outstanding', '310', '310', '310'],
      ],
      ['CONSOLIDATED DATA', '($ in thousands; shares in millions)'],
    );
    expect(grid.columns.map((c) => c.header)).toEqual(['Americas', 'Europe', 'Asia Pacific']);
    expect(grid.scale).toBe('thousands');
    expect(grid.rows[1]).toMatchObject({ unit: 'shares', scale: 'millions' });
  });

  it('spans several period headers each over its own columns', () => {
    const grid = gridOf([
      ['', 'Three months ended', '', 'Nine months ended', ''],
      ['', 'June 2023', 'June 2022', 'June 2023', 'June 2022'],
      ['Revenue', '900', '850', '2,700', '2,400'],
    ]);
    expect(grid.columns.map((c) => c.header)).toEqual([
      'Three months ended June 2023',
      'Three months ended June 2022',
      'Nine months ended June 2023',
      'Nine months ended June 2022',
    ]);
  });

  it('leaves out a column of currency signs', () => {
    const grid = gridOf([
      ['(In millions)', '', '2023', '', '2022'],
      ['Revenue', '$', '900', '$', '850'],
      ['Cost of revenue', '', '400', '', '380'],
    ]);
    expect(grid.columns.map((c) => [c.col, c.header])).toEqual([
      [2, '2023'],
      [4, '2022'],
    ]);
    expect(grid.rows[0]!.values.map((v) => v?.amount.value)).toEqual([900, 850]);
  });

  it('moves a period header printed left of its values, over a column of currency signs, onto them', () => {
    const grid = gridOf([
      ['', '', '2023', '', '', '2022', '', ''],
      ['Revenue', '$', '', '900', '$', '', '850', ''],
      ['Operating income', '', '', '120', '', '', '110', ''],
    ]);
    expect(grid.columns.map((c) => [c.col, c.year])).toEqual([
      [3, 2023],
      [6, 2022],
    ]);
  });

  it("names a row of values without a label by its group: the group's total, or a label wrapped above", () => {
    const grid = gridOf([
      ['(In thousands)', '2023', '2022'],
      ['Revenues', '', ''],
      ['Casino', '2,800', '2,500'],
      ['Rooms', '900', '850'],
      ['', '3,700', '3,350'],
      ['Expenses', '', ''],
      ['Casino', '1,600', '1,500'],
    ]);
    expect(grid.rows.map((r) => [r.label, r.parent, r.values[0]?.text])).toEqual([
      ['Casino', 'Revenues', '2,800'],
      ['Rooms', 'Revenues', '900'],
      ['Revenues', null, '3,700'],
      ['Casino', 'Expenses', '1,600'],
    ]);
  });

  it('unfolds group labels that older ingests folded into the label above, only for tables without cell boxes', () => {
    const rows = [
      ['(In millions)', '2023', '2022'],
      ['Total current assets Current liabilities', '4,470', '3,930'],
      ['Accounts payable', '1,100', '990'],
      ['Net income attributable to Contoso Ltd.', '800', '700'],
      ['Total Current Liabilities', '2,150', '2,010'],
    ];
    const old = parseTableGrid(tableElement(rows, { cells: false }))!;
    expect(old.rows.map((r) => [r.label, r.parent])).toEqual([
      ['Total current assets', null],
      ['Accounts payable', 'Current liabilities'],
      ['Net income attributable to Contoso Ltd.', 'Current liabilities'],
      ['Total Current Liabilities', 'Current liabilities'],
    ]);
    const current = gridOf(rows);
    expect(current.rows[0]!.label).toBe('Total current assets Current liabilities');
  });

  it('splits a column that packs two periods into one cell back into its periods', () => {
    const grid = gridOf([
      ['', '', 'Three Months Ended', '', 'Nine Months Ended'],
      ['', '', 'June 25, June 26,', '', 'June 25, June 26,'],
      ['Net sales:', '', '2022 2021', '', '2022 2021'],
      ['Products', '$', '63,355 $ 63,948', '$', '245,241 $ 232,309'],
      ['Services', '', '19,604 (17,486)', '', '58,941 50,148'],
    ]);
    expect(grid.columns.map((c) => [c.header, c.year])).toEqual([
      ['Three Months Ended June 25, 2022', 2022],
      ['Three Months Ended June 26, 2021', 2021],
      ['Nine Months Ended June 25, 2022', 2022],
      ['Nine Months Ended June 26, 2021', 2021],
    ]);
    expect(grid.rows.map((r) => r.values.map((v) => v?.amount.value))).toEqual([
      [63355, 63948, 245241, 232309],
      [19604, -17486, 58941, 50148],
    ]);
    // each value gets its share of the packed cell's box
    expect(grid.rows[0]!.values.slice(0, 2).map((v) => v?.bbox)).toEqual([
      [372, 154, 436, 166],
      [436, 154, 500, 166],
    ]);
  });

  it('is null for a table with no value column', () => {
    expect(
      parseTableGrid(
        tableElement([
          ['Name', 'Role'],
          ['Ada', 'Engineer'],
        ]),
      ),
    ).toBeNull();
  });
});
