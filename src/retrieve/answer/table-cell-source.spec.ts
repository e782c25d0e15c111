import type { AnswerElement } from '../extractive-answer';
import { tableCellSource } from './table-cell-source';
import { askerOf, evidencePage, QUARTER_STATEMENT, tableElement } from './testing/evidence-builders';
import type { AnswerEvidence, AnswerKind, EvidencePage } from './typed-answer';

/** A page holding one table (with its cells' boxes unless `cells` is false) under a title line. */
function tablePage(
  pageNumber: number,
  step: number,
  rows: string[][],
  cells = true,
  title = '',
): EvidencePage {
  const table = tableElement(rows, { pageNumber, cells });
  const heading: AnswerElement = {
    ...table,
    elementId: `doc:p${pageNumber}-e0`,
    kind: 'heading',
    text: title,
    description: null,
    bbox: [72, 72, 520, 90],
    cells: null,
  };
  return evidencePage(pageNumber, title ? [heading, table] : [table], { step });
}

const OPERATIONS = [
  ['(In millions)', 'Fiscal 2022', 'Fiscal 2021'],
  ['Net sales', '$ 5,210', '$ 4,870'],
  ['Cost of sales', '3,020', '2,915'],
  ['Research and development', '610', '575'],
  ['Operating income', '1,004', '(12)'],
  ['Net income', '760', '—'],
];
const SEGMENTS = [
  ['Fiscal 2022', 'Americas', 'Europe', 'Asia Pacific'],
  ['Net sales', '2,400', '1,700', '1,110'],
  ['Operating income', '520', '330', '154'],
];

const ask = askerOf(tableCellSource, 'NUMBER');

describe('tableCellSource', () => {
  it('answers "what was X in Y" with the cell, its unit and scale, cited with the cell box', () => {
    const found = ask('What were net sales in fiscal 2021?', [tablePage(4, 1, OPERATIONS)])!;
    expect(found.answer).toMatchObject({ kind: 'NUMBER', value: '4870', unit: 'USD', scale: 'millions' });
    expect(found.answer.text).toBe('Net sales (Fiscal 2021): $4,870 million [p. 4]');
    expect(found.citations).toEqual([
      {
        docId: 'doc',
        pageNumber: 4,
        elementId: 'doc:p4-e1',
        bbox: [372, 118, 500, 130],
        quote: 'Net sales | Fiscal 2021: $ 4,870',
        score: 1,
        step: 1,
      },
    ]);
    expect(found.analysis).toContain('row "Net sales"');
    expect(found.analysis).toContain('each cell cited with its own box');
  });

  it('finds a line item the question names by another of its labels', () => {
    expect(
      ask('How much revenue did the company report in FY2022?', [tablePage(4, 1, OPERATIONS)])?.answer.value,
    ).toBe('5210');
    expect(ask('What was the cost of goods sold in 2021?', [tablePage(4, 1, OPERATIONS)])?.answer.value).toBe(
      '2915',
    );
  });

  it('reads negatives in parentheses and dashes, and does not take net income for operating income', () => {
    const pages = [tablePage(4, 1, OPERATIONS)];
    expect(ask('What was operating income in fiscal 2021?', pages)?.answer.value).toBe('-12');
    const dash = ask('What was net income in fiscal 2021?', pages)!;
    expect(dash.answer.value).toBe('0');
    expect(dash.answer.text).toContain('nothing (a dash)');
    const onlyNet = [
      tablePage(
        4,
        1,
        OPERATIONS.filter((r) => r[0] !== 'Operating income'),
      ),
    ];
    expect(ask('What was operating income in fiscal 2022?', onlyNet)).toBeNull();
  });

  it('answers an outflow the question names by its size, and a loss with its sign', () => {
    const investing = [
      ['(In millions)', '2023', '2022'],
      ['Purchases of property, plant and equipment', '(1,240)', '(1,105)'],
      ['Proceeds from sale of businesses', '45', '—'],
    ];
    const spent = ask('How much did the company spend on capital expenditures in 2023?', [
      tablePage(7, 1, investing),
    ])!;
    expect(spent.answer.value).toBe('1240');
    expect(spent.answer.text).toBe(
      'Purchases of property, plant and equipment (2023): $1,240 million (an outflow, printed negative) [p. 7]',
    );
    expect(
      ask('What was operating income in fiscal 2021?', [tablePage(4, 1, OPERATIONS)])?.answer.value,
    ).toBe('-12');
  });

  it('picks a segment column by its header', () => {
    const found = ask('What was operating income in Europe?', [tablePage(9, 1, SEGMENTS)])!;
    expect(found.answer.value).toBe('330');
    expect(found.citations[0]!.quote).toBe('Operating income | Europe: 330');
  });

  it('takes the row that names the most of the question, not a shorter row it contains', () => {
    const rows = [
      ['Model', 'Trivia (%)', 'Geometry (%)'],
      ['Owl-7B', '55.2', '38.0'],
      ['Owl-7B + Search (ours)', '68.8', '39.1'],
    ];
    expect(ask('What did Owl-7B + Search score on Trivia?', [tablePage(6, 1, rows)])?.answer.value).toBe(
      '68.8',
    );
    expect(ask('What did Owl-7B score on Trivia?', [tablePage(6, 1, rows)])?.answer.value).toBe('55.2');
  });

  it('prefers the earlier evidence step when two tables answer alike', () => {
    const found = ask('What was research and development in Fiscal 2022?', [
      tablePage(7, 1, OPERATIONS),
      tablePage(4, 2, OPERATIONS),
    ])!;
    expect(found.citations[0]!.pageNumber).toBe(7);
  });

  it("cites the table's box, and says so, when the table has no cell boxes", () => {
    const page = tablePage(4, 1, OPERATIONS, false);
    const found = ask('What were net sales in fiscal 2022?', [page])!;
    expect(found.citations[0]!.bbox).toEqual([72, 100, 520, 208]);
    expect(found.analysis).toContain('ingested without cell boxes');
    expect(found.analysis).toContain('re-ingest');
  });

  it('gives no candidate when the column, the row or the kind does not fit', () => {
    const pages = [tablePage(4, 1, OPERATIONS)];
    expect(ask('What were net sales in 2022 and 2021?', pages)).toBeNull();
    expect(ask('What were net sales?', pages)).toBeNull();
    expect(ask('What was goodwill in fiscal 2022?', pages)).toBeNull();
    expect(ask('What were net sales in fiscal 2019?', pages)).toBeNull();
    expect(ask('List the net sales in fiscal 2022', pages, 'LIST')).toBeNull();
  });

  it('leaves a metric to be computed, unless a row prints the metric itself', () => {
    const pages = [tablePage(4, 1, [...OPERATIONS, ['Free cash flow', '(420)', '310']])];
    expect(ask('What was the net profit margin in fiscal 2022?', pages)).toBeNull();
    expect(ask('What was the free cash flow in fiscal 2022?', pages)?.answer.text).toBe(
      'Free cash flow (Fiscal 2022): -$420 million [p. 4]',
    );
  });

  it("answers from a quarter's column only when the question asks for a quarter or months", () => {
    const pages = [
      tablePage(5, 1, [
        ['', 'Three Months Ended', '', 'Nine Months Ended', ''],
        ['', 'June 2023', 'June 2022', 'June 2023', 'June 2022'],
        ['Revenue', '900', '850', '2,700', '2,400'],
        ['Operating income', '180', '150', '(20)', '510'],
      ]),
    ];
    expect(ask('What was revenue in 2023?', pages)).toBeNull();
    expect(ask('What was revenue in the three months ended June 2023?', pages)?.answer.value).toBe('900');
    expect(ask('What was operating income in the nine months ended June 2023?', pages)?.answer.value).toBe(
      '-20',
    );
  });

  it('takes no year from a header that names two', () => {
    const pages = [
      tablePage(5, 1, [
        ['', 'Oct 1, 2022 Sep 25, 2021', 'Nine months'],
        ['Revenue', '900', '2,700'],
      ]),
    ];
    expect(ask('What was revenue in 2021?', pages)).toBeNull();
  });

  it('reads the scale from the title above the table when the grid has none', () => {
    const rows = [
      ['', '2022', '2021'],
      ['Total assets', '12,400', '11,950'],
      ['Total liabilities', '7,100', '6,880'],
    ];
    const found = ask('What were total assets in 2022?', [
      tablePage(3, 1, rows, true, 'Balance sheets (in thousands)'),
    ])!;
    expect(found.answer).toMatchObject({ value: '12400', scale: 'thousands', unit: 'USD' });
  });
});

describe('tableCellSource: percentage columns', () => {
  const ask = (question: string, kind: AnswerKind = 'NUMBER') =>
    tableCellSource({ question, kind, pages: [tablePage(4, 1, QUARTER_STATEMENT)] } satisfies AnswerEvidence);

  it('reads a cell of a percent column as a percentage, whatever the row and the table scale', () => {
    expect(ask('What were net earnings as a percent of sales in Q2 2023?')?.answer).toMatchObject({
      kind: 'PERCENTAGE',
      value: '13',
      unit: '%',
      scale: 'units',
    });
  });
  it('keeps the row unit and the table scale in the amount columns ("except percentages" marks none)', () => {
    expect(ask('What were net earnings in Q2 2022?')?.answer).toMatchObject({
      kind: 'NUMBER',
      value: '1240',
      unit: 'USD',
      scale: 'millions',
    });
  });
});
