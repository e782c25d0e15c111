import { unfuseLabels } from './fused-labels';
import { parseTableGrid } from './table-grid';
import { tableElement } from './testing/evidence-builders';

// A cash-flow statement written for these tests, as ingest reads some filings: the first period's values inside
// the label cells, the period headers starting over the labels.
const FUSED = [
  ['June 30,', 'June 30,', 'June 30,'],
  ['2023', '2022', '2021'],
  ['Cash flows from operating activities:', '', ''],
  ['Net income $ 512,300', '$ 471,050', '$ 398,720'],
  ['Depreciation and amortization 88,410', '80,115', '76,900'],
  ['Deferred income taxes (12,640)', '(9,310)', '4,205'],
  ['Write down of assets held for sale —', '—', '6,100'],
  ['Net cash provided by operating activities 730,900', '655,420', '590,010'],
  ['Purchases of property and equipment (141,200)', '(120,900)', '(133,600)'],
];

describe('unfuseLabels', () => {
  it('gives the labels their column back and the first period its values', () => {
    const { texts } = unfuseLabels(FUSED, new Map());
    expect(texts.slice(0, 4)).toEqual([
      ['', 'June 30,', 'June 30,', 'June 30,'],
      ['', '2023', '2022', '2021'],
      ['Cash flows from operating activities:', '', '', ''],
      ['Net income', '$ 512,300', '$ 471,050', '$ 398,720'],
    ]);
    expect(texts[5]).toEqual(['Deferred income taxes', '(12,640)', '(9,310)', '4,205']);
    expect(texts[6]).toEqual(['Write down of assets held for sale', '—', '—', '6,100']);
  });

  it('reads the statement as a grid with three periods, each value in its own column and box', () => {
    const grid = parseTableGrid(tableElement(FUSED))!;
    expect(grid.columns.map((c) => c.year)).toEqual([2023, 2022, 2021]);
    const cfo = grid.rows.find((r) => r.label === 'Net cash provided by operating activities')!;
    expect(cfo.values.map((v) => v?.amount.value)).toEqual([730900, 655420, 590010]);
    // the value's share of the fused cell's box, to the right of the label's
    const [x0, , x1] = cfo.values[0]!.bbox!;
    expect(x0).toBeGreaterThan(72);
    expect(x1).toBe(200);
    expect(cfo.labelBox![2]).toBeCloseTo(x0);
  });

  it('leaves a table alone when its labels do not carry values, or its header has a corner for them', () => {
    const plain = [
      ['', '2023', '2022'],
      ['Notes due 2031', '1,200', '1,200'],
      ['Revenue', '5,000', '4,000'],
    ];
    expect(unfuseLabels(plain, new Map()).texts).toBe(plain);
    const someNumbered = [
      ['Year', '2023', '2022'],
      ['Notes due 2031', '1,200', '1,200'],
      ['Notes due 2035', '800', '800'],
      ['Revenue', '5,000', '4,000'],
      ['Net income', '900', '700'],
      ['Operating income', '1,100', '950'],
    ];
    expect(unfuseLabels(someNumbered, new Map()).texts).toBe(someNumbered);
  });
});
