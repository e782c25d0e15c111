import { metricSource } from './metric-source';
import { metricAsked, STATEMENT_METRICS } from './statement-metrics';
import { statementPages } from './testing/evidence-builders';
import type { AnswerEvidence, EvidencePage } from './typed-answer';

const statementPage = statementPages('acme');

// Statements written for these tests (balance sheet p. 1, statement of operations p. 2, cash flows p. 3).
const BALANCE_SHEET = [
  ['(In millions)', 'December 31, 2022', 'December 31, 2021'],
  ['Cash and cash equivalents', '$ 1,850', '$ 1,420'],
  ['Accounts receivable, net', '2,300', '2,100'],
  ['Inventories', '1,600', '1,400'],
  ['Other current assets', '750', '680'],
  ['Total current assets', '6,500', '5,600'],
  ['Total assets', '12,000', '11,000'],
  ['Current liabilities:', '', ''],
  ['Accounts payable', '1,900', '1,700'],
  ['Accrued liabilities', '1,100', '1,000'],
  ['Total current liabilities', '3,000', '2,700'],
  ['Total liabilities', '7,000', '6,800'],
  ["Total shareholders' equity", '5,000', '4,200'],
];
const OPERATIONS = [
  ['(In millions, except per share data)', '2022', '2021'],
  ['Net sales', '20,000', '18,000'],
  ['Cost of sales', '12,000', '11,000'],
  ['Gross profit', '8,000', '7,000'],
  ['Research and development', '1,500', '1,200'],
  ['Operating income', '3,000', '2,500'],
  ['Interest expense', '(250)', '(240)'],
  ['Net income', '2,100', '1,800'],
  ['Shares used in computing earnings per share:', '', ''],
  ['Basic', '700', '720'],
  ['Diluted', '710', '730'],
];
const CASH_FLOWS = [
  ['(In millions)', '2022', '2021'],
  ['Net cash provided by operating activities', '3,400', '2,900'],
  ['Purchases of property and equipment', '(900)', '(800)'],
  ['Dividends paid', '(630)', '(540)'],
];
const STATEMENTS = [
  statementPage(1, BALANCE_SHEET),
  statementPage(2, OPERATIONS),
  statementPage(3, CASH_FLOWS),
];

const ask = (question: string, pages: EvidencePage[] = STATEMENTS) =>
  metricSource({ question, kind: 'NUMBER', pages } satisfies AnswerEvidence);

describe('metricSource', () => {
  it.each([
    [
      'What was the current ratio in FY2022?',
      '2.17',
      'x',
      '2.17 = 6,500 / 3,000 (total current assets / total current liabilities, FY2022, p. 1)',
    ],
    [
      'What was the quick ratio for 2022?',
      '1.63',
      'x',
      '1.63 = (6,500 − 1,600) / 3,000 ((total current assets − inventory) / total current liabilities, FY2022, p. 1)',
    ],
    [
      'What was working capital at the end of 2022?',
      '3500',
      'USD',
      '3,500 = 6,500 − 3,000 (total current assets − total current liabilities, FY2022, p. 1)',
    ],
    [
      'What was the debt-to-equity ratio in 2022?',
      '1.4',
      'x',
      "1.40 = 7,000 / 5,000 (total liabilities / total shareholders' equity, FY2022, p. 1)",
    ],
    [
      'What was the gross margin in FY2022?',
      '40',
      '%',
      '40.00% = 8,000 / 20,000 × 100 (gross profit / revenue, FY2022, p. 2)',
    ],
    [
      'What was the operating margin in 2022?',
      '15',
      '%',
      '15.00% = 3,000 / 20,000 × 100 (operating income / revenue, FY2022, p. 2)',
    ],
    [
      'What was the net profit margin in 2022?',
      '10.5',
      '%',
      '10.50% = 2,100 / 20,000 × 100 (net income / revenue, FY2022, p. 2)',
    ],
    [
      'What was inventory turnover in FY2022?',
      '8',
      'x',
      '8.00 = 12,000 / ((1,600 + 1,400) / 2) (cost of revenue / average inventory, FY2022, pp. 2, 1; an average is the mean of the FY2022 and FY2021 year-ends)',
    ],
    ['What was total asset turnover in 2022?', '1.74', 'x', null],
    [
      'What was the sales to working capital ratio in 2022?',
      '5.71',
      'x',
      '5.71 = 20,000 / (6,500 − 3,000) (revenue / (total current assets − total current liabilities), FY2022, pp. 2, 1)',
    ],
    ["What was the revenue to stockholders' equity ratio in 2022?", '4', 'x', null],
    ['What was the receivables turnover in 2022?', '9.09', 'x', null],
    ['What were days sales outstanding in 2022?', '40.15', 'days', null],
    ['What was return on assets in 2022?', '18.26', '%', null],
    ['What was return on equity in 2022?', '45.65', '%', null],
    [
      'What was the interest coverage ratio in 2022?',
      '12',
      'x',
      '12.00 = 3,000 / 250 (operating income / interest expense, FY2022, p. 2)',
    ],
    ['What was basic EPS in 2022?', '3', 'USD per share', null],
    ['What was diluted EPS in 2022?', '2.96', 'USD per share', null],
    [
      'What was capex as a share of revenue in 2022?',
      '4.5',
      '%',
      '4.50% = 900 / 20,000 × 100 (capital expenditure / revenue, FY2022, pp. 3, 2)',
    ],
    ['What was the dividend payout ratio in 2022?', '30', '%', null],
    [
      'What was free cash flow in 2022?',
      '2500',
      'USD',
      '2,500 = 3,400 − 900 (cash from operations − capital expenditure, FY2022, p. 3)',
    ],
    [
      'What was revenue growth in 2022?',
      '11.11',
      '%',
      '11.11% = (20,000 − 18,000) / 18,000 × 100 ((revenue − revenue FY2021) / revenue FY2021, FY2022, p. 2)',
    ],
    ['What was the year-over-year change in research and development in 2022?', '25', '%', null],
  ])('%s → %s %s', (question, value, unit, formula) => {
    const found = ask(question)!;
    expect(found).not.toBeNull();
    expect(found.answer.value).toBe(value);
    expect(found.answer.unit).toBe(unit);
    if (formula) expect(found.answer.formula).toBe(formula);
  });

  it('cites every input cell with its own box, across pages', () => {
    const found = ask('What was return on assets in 2022?')!;
    expect(found.answer).toMatchObject({ kind: 'PERCENTAGE', value: '18.26', scale: 'units' });
    expect(found.citations.map((c) => [c.pageNumber, c.quote, c.bbox])).toEqual([
      [2, 'Net income | 2022: 2,100', [252, 212, 410, 223]],
      [1, 'Total assets | December 31, 2022: 12,000', [252, 196, 410, 207]],
      [1, 'Total assets | December 31, 2021: 11,000', [432, 196, 590, 207]],
    ]);
    expect(found.answer.formula).toContain('pp. 2, 1');
  });

  it('keeps the statements scale for an amount', () => {
    expect(ask('What was working capital at the end of 2022?')!.answer).toMatchObject({
      kind: 'NUMBER',
      scale: 'millions',
      text: expect.stringContaining('3,500 millions USD'),
    });
  });

  it('rounds as the question asks', () => {
    expect(ask('What was the current ratio in 2022? Round to one decimal place.')!.answer.value).toBe('2.2');
    expect(ask('What was the current ratio in 2022, in percent?')!.answer).toMatchObject({
      kind: 'PERCENTAGE',
      value: '216.67',
      unit: '%',
    });
    expect(ask('What was the gross margin in 2022, to the nearest whole percent?')!.answer.formula).toMatch(
      /^40% = /,
    );
    expect(ask('What was the current ratio in 2022 rounded to three decimals?')!.answer.value).toBe('2.167');
  });

  it('computes the year the statements print last when the question names none, and says so', () => {
    const found = ask('What is the current ratio?')!;
    expect(found.answer.value).toBe('2.17');
    expect(found.analysis).toContain('the latest year the statements print');
  });

  it('gives no candidate when an input is missing: never an estimate', () => {
    expect(ask('What was inventory turnover in FY2021?')).toBeNull(); // needs the FY2020 inventory
    expect(ask('What was the current ratio in FY2020?')).toBeNull();
    expect(ask('What was return on assets in 2022?', [statementPage(2, OPERATIONS)])).toBeNull();
    const noInventory = statementPage(
      1,
      BALANCE_SHEET.filter((r) => r[0] !== 'Inventories'),
    );
    expect(ask('What was the quick ratio in 2022?', [noInventory])).toBeNull();
    expect(ask('Who audits the company?')).toBeNull();
    expect(
      metricSource({ question: 'List the current ratio in 2022', kind: 'LIST', pages: STATEMENTS }),
    ).toBeNull();
  });

  it('reads a statement split into two tables, the second without period headers or scale', () => {
    const [head, ...body] = BALANCE_SHEET;
    const cut = body.findIndex((r) => r[0] === 'Total liabilities');
    const first = statementPage(1, [head!, ...body.slice(0, cut)]);
    const second = statementPage(2, [['', '', ''], ...body.slice(cut)]);
    const found = ask('What was the debt-to-equity ratio in 2022?', [first, second])!;
    expect(found.answer.formula).toBe(
      "1.40 = 7,000 / 5,000 (total liabilities / total shareholders' equity, FY2022, p. 2)",
    );
    // the quote holds only what the cited part prints: its period header sits on the part before
    expect(found.citations[0]!.quote).toBe('Total liabilities: 7,000');
    // a part that names other periods is not taken for a continuation
    const other = statementPage(2, [['', 'June 2020', 'June 2019'], ...body.slice(cut)]);
    expect(ask('What was the debt-to-equity ratio in 2022?', [first, other])).toBeNull();
  });

  it("reads a balance from the balance sheet, not a cash-flow statement's change in it, and cites each cell once", () => {
    const changes = statementPage(3, [
      ['(In millions)', '2022', '2021'],
      ['Changes in operating assets and liabilities:', '', ''],
      ['Inventories', '(200)', '(150)'],
    ]);
    const found = ask('What was inventory turnover in FY2022?', [changes, ...STATEMENTS.slice(0, 2)])!;
    expect(found.answer.value).toBe('8');
    const growth = ask('What was revenue growth in 2022?')!;
    expect(growth.citations.map((c) => c.quote)).toEqual([
      'Net sales | 2022: 20,000',
      'Net sales | 2021: 18,000',
    ]);
  });

  it('reads a cash-flow total printed right under the changes in working capital, with no group line between', () => {
    const cashFlows = statementPage(3, [
      ['(In millions)', '2022', '2021'],
      ['Depreciation and amortization', '410', '380'],
      ['Changes in current assets and liabilities:', '', ''],
      ['Inventories', '(200)', '(150)'],
      ['Net cash provided by operating activities', '3,400', '2,900'],
      ['Purchases of property and equipment', '(900)', '(800)'],
    ]);
    expect(ask('What was free cash flow in 2022?', [cashFlows])!.answer.formula).toBe(
      '2,500 = 3,400 − 900 (cash from operations − capital expenditure, FY2022, p. 3)',
    );
  });

  it('reads the line items under the longer labels filings print them with', () => {
    const cashFlows = statementPage(3, [
      ['(In millions)', '2022', '2021'],
      ['Depreciation and amortization of property, equipment and intangibles', '620', '540'],
      ['Capital expenditures, net of construction payable', '(270)', '(739)'],
    ]);
    const pages = [STATEMENTS[1]!, cashFlows];
    expect(ask('What was the EBITDA margin in 2022?', pages)!.answer.formula).toContain('(3,000 + 620)');
    expect(ask('What was capex as a % of revenue in 2022?', pages)!.answer.formula).toContain('270 / 20,000');
  });

  it("computes from a quarter's columns only when the question asks for a quarter", () => {
    const quarterly = statementPage(2, [
      ['(In millions)', 'Three Months Ended June 30, 2022', 'Three Months Ended June 30, 2021'],
      ['Net sales', '5,000', '4,000'],
      ['Gross profit', '2,100', '1,500'],
    ]);
    expect(ask('What was the gross margin in FY2022?', [quarterly])).toBeNull();
    expect(
      ask('What was the gross margin in the quarter ended June 30, 2022?', [quarterly])!.answer.value,
    ).toBe('42');
  });

  it('falls back to the gross-profit definition from revenue and cost of revenue', () => {
    const withoutGross = statementPage(
      2,
      OPERATIONS.filter((r) => r[0] !== 'Gross profit'),
    );
    expect(ask('What was the gross margin in 2022?', [withoutGross])!.answer.formula).toBe(
      '40.00% = (20,000 − 12,000) / 20,000 × 100 ((revenue − cost of revenue) / revenue, FY2022, p. 2)',
    );
  });

  it("cites the table's box when the statements have no cell boxes, and says so", () => {
    const found = ask('What was the current ratio in 2022?', [statementPage(1, BALANCE_SHEET, false)])!;
    expect(found.answer.value).toBe('2.17');
    expect(found.citations.map((c) => c.bbox)).toEqual([
      [72, 100, 540, 308],
      [72, 100, 540, 308],
    ]);
    expect(found.analysis).toContain('ingested without cell boxes');
  });
});

describe('STATEMENT_METRICS', () => {
  it('names each metric once and tells the specific names from the general ones', () => {
    expect(new Set(STATEMENT_METRICS.map((m) => m.id)).size).toBe(STATEMENT_METRICS.length);
    expect(metricAsked('What is the quick ratio?')?.id).toBe('quick-ratio');
    expect(metricAsked('What is the working capital ratio?')?.id).toBe('current-ratio');
    expect(metricAsked('What is the sales to working capital ratio?')?.id).toBe('sales-to-working-capital');
    expect(metricAsked('What is the sales to stockholder equity ratio?')?.id).toBe('sales-to-equity');
    expect(metricAsked('What is the diluted EPS?')?.id).toBe('diluted-eps');
    expect(metricAsked('What is the net profit margin?')?.id).toBe('net-margin');
    expect(metricAsked('How much did operating expenses grow year-over-year?')?.id).toBe(
      'year-over-year-change',
    );
    expect(metricAsked('What were net sales?')).toBeNull();
    expect(metricAsked('What share of its sales did the company spend on capex?')?.id).toBe(
      'capex-to-revenue',
    );
    expect(metricAsked('What was capex as a % of revenue?')?.id).toBe('capex-to-revenue');
    expect(metricAsked('What were capital expenditures and revenue in 2022?')).toBeNull();
    expect(metricAsked('What was its total debt in 2022?')?.id).toBe('total-debt');
    expect(metricAsked('What was the debt-to-equity ratio?')?.id).toBe('debt-to-equity');
    // a line the statements print, or another amount named with debt, is no total
    expect(metricAsked('What was long-term debt in 2022?')).toBeNull();
    expect(metricAsked('What was the interest and debt expense?')).toBeNull();
    expect(metricAsked('How much debt issuance cost was paid?')).toBeNull();
  });
});
