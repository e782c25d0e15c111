import { definedMetric, parseFormula } from './defined-formula';
import { metricSource, sumAtTop } from './metric-source';
import { tableCellSource } from './table-cell-source';
import { KITE_INCOME, statementPages } from './testing/evidence-builders';
import type { AnswerEvidence } from './typed-answer';

const statementPage = statementPages('kite');

// Statements written for these tests: a balance sheet, an income statement and cash flows of a kite maker.
const PAGES = [
  statementPage(1, [
    ['(In thousands)', 'March 31, 2024', 'March 31, 2023'],
    ['Total current assets', '48,200', '41,900'],
    ['Total current liabilities', '30,125', '28,400'],
  ]),
  statementPage(2, KITE_INCOME),
  statementPage(3, [
    ['(In thousands)', 'Fiscal 2024', 'Fiscal 2023'],
    ['Net cash provided by operating activities', '12,050', '9,800'],
    ['Depreciation and amortization', '2,600', '2,450'],
    ['Purchases of land, buildings and equipment', '(3,300)', '(2,900)'],
  ]),
];

const ask = (question: string) =>
  metricSource({ question, kind: 'NUMBER', pages: PAGES } satisfies AnswerEvidence);

describe('parseFormula', () => {
  it('reads line items, averages, numbers and parentheses', () => {
    expect(parseFormula('cash from operations / total current liabilities')).toEqual({
      op: '/',
      left: { op: 'item', item: 'operatingCashFlow', period: 'current', magnitude: false },
      right: { op: 'item', item: 'totalCurrentLiabilities', period: 'current', magnitude: false },
    });
    expect(parseFormula('365 * (average inventory between FY2022 and FY2023) / cost of sales')).toMatchObject(
      {
        op: '/',
        left: { op: '*', left: { op: 'const', value: 365 }, right: { op: 'average', item: 'inventory' } },
      },
    );
  });

  it('refuses a term that names no single line item, and a lone term', () => {
    expect(parseFormula('cash from operations / customer happiness')).toBeNull();
    expect(parseFormula('total current liabilities')).toBeNull();
  });
});

describe('definedMetric', () => {
  it('reads the name and formula a question defines, and how its result reads', () => {
    const metric = definedMetric(
      'What is the FY2024 cash coverage for Kite Co? Cash coverage is defined as: cash from operations / total current liabilities. Round to two decimal places.',
    )!;
    expect(metric).toMatchObject({ name: 'cash coverage', result: 'amount' });
    expect(
      definedMetric('What is the FY2024 margin? Define the margin as operating income / revenue.')?.result,
    ).toBe('percent');
    expect(definedMetric('What was the current ratio in FY2024?')).toBeNull();
    // the question asks for another metric built on the defined one: not this formula's answer
    expect(
      definedMetric(
        'What is the FY2022 - FY2024 average cash EBIT % margin? Define cash EBIT as operating income + depreciation and amortization.',
      ),
    ).toBeNull();
  });
});

describe('metricSource with a formula the question defines', () => {
  it('computes the defined ratio from the statement cells and cites them', () => {
    const found = ask(
      'What is the FY2024 operating cash flow ratio? Operating cash flow ratio is defined as: cash from operations / total current liabilities. Round your answer to two decimal places.',
    )!;
    expect(found.answer).toMatchObject({ value: '0.4', kind: 'NUMBER', unit: 'x' });
    expect(found.answer.formula).toBe(
      '0.40 = 12,050 / 30,125 (cash from operations / total current liabilities, FY2024, pp. 3, 1)',
    );
    expect(found.citations).toHaveLength(2);
    // the single cell source leaves a defined metric to be computed
    expect(
      tableCellSource({
        question:
          'What is the FY2024 operating cash flow ratio? It is defined as: cash from operations / total current liabilities.',
        kind: 'NUMBER',
        pages: PAGES,
      }),
    ).toBeNull();
  });

  it('computes EBITDA and its margin from operating income and depreciation and amortization', () => {
    expect(ask('What was unadjusted EBITDA in FY2024 in USD thousands?')?.answer.value).toBe('10000');
    expect(
      ask('What was the FY2024 EBITDA margin? Answer in percent to one decimal place.')?.answer,
    ).toMatchObject({
      value: '10.4',
      unit: '%',
    });
  });

  it('shows a margin over a sum with the sum in parentheses, and scales a ratio without extra ones', () => {
    expect(
      ask('What was the FY2024 EBITDA margin? Answer in percent to one decimal place.')?.answer.formula,
    ).toMatch(/^10\.4% = \(7,400 \+ 2,600\) \/ 96,000 × 100 \(/);
    expect(sumAtTop('20,568 + 10,987')).toBe(true);
    expect(sumAtTop('1,048 / ((9,860 + 9,140) / 2)')).toBe(false);
    expect(sumAtTop('(13,100 − 14,200) / 14,200')).toBe(false);
  });

  it('reads capital expenditure printed as purchases of land, buildings and equipment, by its size', () => {
    expect(ask('What was free cash flow in FY2024?')?.answer.value).toBe('8750');
  });
});

describe('a metric the question defines over other terms it defines', () => {
  // Working-capital lines of the kite maker, written for these tests.
  const CYCLE_PAGES = [
    statementPage(1, [
      ['(In thousands)', 'March 31, 2024', 'March 31, 2023'],
      ['Receivables', '12,000', '10,000'],
      ['Inventories', '9,000', '11,000'],
      ['Accounts payable', '7,000', '8,000'],
    ]),
    statementPage(2, [
      ['(In thousands)', 'Fiscal 2024', 'Fiscal 2023'],
      ['Net revenues', '96,000', '88,000'],
      ['Cost of sales', '60,000', '57,000'],
    ]),
  ];
  const askCycle = (question: string) =>
    metricSource({ question, kind: 'NUMBER', pages: CYCLE_PAGES } satisfies AnswerEvidence);
  const NESTED =
    'What was the kite maker’s FY2024 operating cycle gap (OCG)? OCG is defined as: DIO + DSO - DPO. ' +
    'DIO is defined as: 365 * (average inventory between FY2023 and FY2024) / (FY2024 cost of sales). ' +
    'DSO is defined as: 365 * (average receivables between FY2023 and FY2024) / (FY2024 revenue). ' +
    'DPO is defined as: 365 * (average accounts payable between FY2023 and FY2024) / (FY2024 cost of sales + change in inventory between FY2023 and FY2024). ' +
    'Round your answer to two decimal places.';

  it('substitutes each defined term into the asked one, and reads a sum of day counts as days', () => {
    const metric = definedMetric(NESTED)!;
    expect(metric).toMatchObject({ name: 'OCG', result: 'days' });
    // "change in inventory" is this year's balance less last year's
    expect(JSON.stringify(metric.formulas[0])).toContain(
      '{"op":"-","left":{"op":"item","item":"inventory","period":"current","magnitude":false},"right":{"op":"item","item":"inventory","period":"prior","magnitude":false}}',
    );
  });

  it('computes it from both statements: 60.83 + 41.82 − 365 × 7,500 / (60,000 − 2,000)', () => {
    expect(askCycle(NESTED)?.answer).toMatchObject({ value: '55.46', unit: 'days' });
  });

  it('reads the standard cash conversion cycle and its parts when the question defines nothing', () => {
    expect(
      askCycle('What was the FY2024 cash conversion cycle? Round to two decimal places.')?.answer.value,
    ).toBe('57.03');
    expect(askCycle('How many days payables outstanding did it have in FY2024?')?.answer.value).toMatch(
      /^45\.6/,
    );
    expect(askCycle('What were its FY2024 days inventory outstanding?')?.answer.value).toMatch(/^60\.8/);
  });

  it('refuses a definition whose term is neither a line item nor defined in the question', () => {
    expect(
      definedMetric(
        'What was the FY2024 OCG? OCG is defined as: DIO + happiness days. DIO is defined as: 365 * (average inventory) / (cost of sales).',
      ),
    ).toBeNull();
  });
});
