import { differenceSource, labelFit } from './difference-source';
import { askerOf, tablePage as pageOf, type GridLayout } from './testing/evidence-builders';
import { twoValueAsked } from './two-value-question';
import type { EvidencePage } from './typed-answer';

/** Narrow columns and tall rows: the cells' boxes the citations below are checked against. */
const NARROW_GRID: GridLayout = { column: 120, width: 108, row: 20, height: 14, right: 560 };

/** A page holding one table with its cells' boxes, brought by the walk's first step. */
const tablePage = (pageNumber: number, rows: string[][]): EvidencePage =>
  pageOf(pageNumber, rows, { grid: NARROW_GRID, step: 1 });

const BENCHMARKS = [
  ['Model', 'Reading (%)', 'Geometry (%)', 'Trivia (%)'],
  ['Owl-7B', '61.4', '38.0', '55.2'],
  ['Owl-7B + Search', '70.9', '39.1', '68.8'],
  ['Heron-13B', '66.2', '44.5', '59.0'],
];
const SHELTERS = [
  ['Shelter', 'Dogs', 'Cats', 'Rabbits'],
  ['North Yard', '120', '85', '12'],
  ['River Lane', '109', '51', '7'],
];
const RIDERSHIP = [
  ['(In thousands)', '2021', '2022', '2023'],
  ['Tram boardings', '8,410', '9,120', '10,050'],
  ['Bus boardings', '14,200', '13,860', '13,100'],
];

const ask = askerOf(differenceSource, 'NUMBER');

describe('twoValueAsked', () => {
  it('reads the sides and the direction of a comparison', () => {
    expect(twoValueAsked('How much higher is the score of A than that of B?')).toMatchObject({
      op: 'minus',
      sides: ['is the score of A', 'that of B'],
    });
    // "lower" asks for the size of the gap the other way: B − A
    expect(twoValueAsked('How much lower is the cost of steel compared to copper?')?.sides).toEqual([
      'copper',
      'is the cost of steel',
    ]);
    expect(twoValueAsked('What is the gap between rural and urban turnout?')).toMatchObject({
      sides: ['rural', 'urban turnout'],
      absolute: true,
    });
    expect(twoValueAsked('By what percentage did exports grow from 2019 to 2021?')).toMatchObject({
      years: [2019, 2021],
      relative: true,
    });
    expect(twoValueAsked('How many more seats does hall A have comparing to hall B?')?.sides).toEqual([
      'seats does hall A have',
      'hall B',
    ]);
    expect(twoValueAsked('What was revenue in 2021?')).toBeNull();
    expect(
      twoValueAsked('What is the cycle? It is defined as the change in stock between 2020 and 2021.'),
    ).toBeNull();
    expect(
      twoValueAsked('Use the annual report. By how much did exports grow from 2019 to 2021?')?.subject,
    ).toBe('By how much did exports grow from 2019 to 2021?');
  });
});

describe('labelFit', () => {
  it('needs more than half of the label words, single capitals counting as words', () => {
    expect(labelFit('Recruiter A', 'did Recruiter A view')).toEqual({ share: 1, count: 2 });
    expect(labelFit('Recruiter A', 'Recruiter B')).toBeNull();
    expect(labelFit('Net cash from operating activities', 'operating cash')).toBeNull();
  });
});

describe('differenceSource', () => {
  it('subtracts two rows of the column the question names, and cites both cells', () => {
    const found = ask('How much higher is the Trivia score of Owl-7B + Search than Owl-7B?', [
      tablePage(6, BENCHMARKS),
    ])!;
    expect(found.answer).toMatchObject({ kind: 'PERCENTAGE', value: '13.6', unit: 'percentage points' });
    expect(found.answer.formula).toBe(
      '13.6 percentage points = 68.8 − 55.2 (Owl-7B + Search, Trivia (%) − Owl-7B, Trivia (%), p. 6)',
    );
    expect(found.citations.map((c) => [c.quote, c.bbox])).toEqual([
      ['Owl-7B + Search | Trivia (%): 68.8', [432, 140, 540, 154]],
      ['Owl-7B | Trivia (%): 55.2', [432, 120, 540, 134]],
    ]);
  });

  it('subtracts two columns of the row the question names, the other way round for "lower"', () => {
    const found = ask('How much lower is the Geometry score of Heron-13B compared to its Reading score?', [
      tablePage(6, BENCHMARKS),
    ])!;
    expect(found.answer.value).toBe('21.7');
    expect(found.citations.map((c) => c.quote)).toEqual([
      'Heron-13B | Reading (%): 66.2',
      'Heron-13B | Geometry (%): 44.5',
    ]);
  });

  it('tells rows apart by a single capital or a second word ("North Yard" and "River Lane")', () => {
    const found = ask(
      'How many more dogs did North Yard take in than River Lane?',
      [tablePage(2, SHELTERS)],
      'COUNT',
    )!;
    expect(found.answer).toMatchObject({ value: '11', kind: 'NUMBER' });
    expect(
      ask('What is the sum of rabbits at North Yard and River Lane?', [tablePage(2, SHELTERS)])?.answer.value,
    ).toBe('19');
  });

  it('computes a change between two years of one row, as a difference or as a percentage', () => {
    const pages = [tablePage(3, RIDERSHIP)];
    const diff = ask('By how much did tram boardings increase from 2021 to 2023?', pages)!;
    expect(diff.answer).toMatchObject({ value: '1640', scale: 'thousands' });
    const pct = ask(
      'By what percentage did bus boardings decrease from 2021 to 2023? Round to one decimal place.',
      pages,
      'PERCENTAGE',
    )!;
    expect(pct.answer).toMatchObject({ value: '-7.7', unit: '%', kind: 'PERCENTAGE' });
    expect(pct.answer.formula).toContain('(13,100 − 14,200) / 14,200 × 100');
  });

  it('computes a share of one value in another', () => {
    const found = ask('What were tram boardings as a share of bus boardings in 2022?', [
      tablePage(3, RIDERSHIP),
    ])!;
    expect(found.answer).toMatchObject({ value: '65.8', unit: '%' });
  });

  it('reads results printed with their spread in parentheses', () => {
    const page = tablePage(7, [
      ['Method', 'Harbour QA', 'Canal QA'],
      ['Baseline', '41.0% (1.1%)', '52.5% (0.9%)'],
      ['Baseline + Maps', '47.3% (0.8%)', '55.0% (1.4%)'],
    ]);
    expect(ask('How much higher is Baseline + Maps than Baseline on Harbour QA?', [page])?.answer.value).toBe(
      '6.3',
    );
  });

  it('gives no candidate when a side names no row or column, or the question asks no arithmetic', () => {
    const pages = [tablePage(6, BENCHMARKS)];
    expect(ask('How much higher is the Trivia score of Falcon-40B than Owl-7B?', pages)).toBeNull();
    expect(ask('What is the Trivia score of Owl-7B?', pages)).toBeNull();
    expect(ask('How much higher is the Trivia score of Owl-7B than Heron-13B?', pages, 'LIST')).toBeNull();
  });
});
