import {
  statementName,
  statementsAskedFor,
  statementsNamed,
  statementTitlePattern,
} from './financial-statements';

describe('statementsNamed', () => {
  it.each([
    ['Based on the balance sheet, what is the FY2016 working capital ratio?', ['balance-sheet']],
    ['By drawing on the statement of financial position, what is the current ratio?', ['balance-sheet']],
    [
      'Basing your judgment on the balance sheet and the P&L statement, what is the return on assets?',
      ['balance-sheet', 'income-statement'],
    ],
    [
      'Using the statement of income and the statement of cash flows, what is the FY2015 EBITDA?',
      ['income-statement', 'cash-flow-statement'],
    ],
    ['According to the cash flow statement, what was capex?', ['cash-flow-statement']],
    ['What does the statement of shareholders’ equity show for buybacks?', ['equity-statement']],
  ])('%s', (question, expected) => {
    expect(statementsNamed(question)).toEqual(expected);
  });

  it('does not take other uses of the words for a statement', () => {
    expect(statementsNamed('Does the company have off-balance sheet arrangements?')).toEqual([]);
    expect(statementsNamed('What was net income in 2022?')).toEqual([]);
    expect(statementsNamed('How did operating cash flows change?')).toEqual([]);
  });

  it('names each statement as a person would, for the trace', () => {
    expect(statementName('balance-sheet')).toBe('balance sheet');
    expect(statementName('cash-flow-statement')).toBe('cash flow statement');
  });
});

describe('statementsAskedFor', () => {
  it.each([
    ['Did Acme Utilities end FY2022 with positive working capital?', ['balance-sheet']],
    [
      'Does Verizon have a healthy liquidity profile based on its quick ratio for FY 2022?',
      ['balance-sheet'],
    ],
    ['Did Pfizer grow its PP&E between FY20 and FY21?', ['balance-sheet']],
    ['What is the FY2019 gross margin of 3M?', ['income-statement']],
    ['What is the FY2015 unadjusted EBITDA % margin?', ['income-statement', 'cash-flow-statement']],
    ['Judging by FY 2022, is Northwind Telecom a capital intensive business?', ['cash-flow-statement']],
    ['what is roa for ADBE in FY2015?', ['balance-sheet', 'income-statement']],
    ['What is the FY2018 inventory turnover ratio?', ['balance-sheet', 'income-statement']],
    // a statement named outright counts as before
    ['According to the cash flow statement, what was capex?', ['cash-flow-statement']],
  ])('%s', (question, expected) => {
    expect(statementsAskedFor(question)).toEqual(expected);
  });

  it('reads no statement into figures reported in many places, or into words that only look like a metric', () => {
    for (const question of [
      'What was net income in 2022?',
      'How did operating cash flows change?',
      'What was total revenue in FY2021?',
      'Which acquisitions did Pfizer complete?',
      'What does the EBITDAR covenant require?',
    ])
      expect(statementsAskedFor(question)).toEqual([]);
  });
});

describe('statementTitlePattern', () => {
  const matches = (text: string, ...names: Parameters<typeof statementTitlePattern>[0]) =>
    new RegExp(`^(?:${statementTitlePattern(names)!})$`, 'is').test(text);

  it('is null when no statement is named', () => {
    expect(statementTitlePattern([])).toBeNull();
  });

  it.each([
    'CONSOLIDATED BALANCE SHEETS',
    'CONSOLIDATED BALANCE SHEETS (In thousands, except share and per share data)',
    'Condensed Consolidated Balance Sheets (Unaudited)',
    'Consolidated Balance Sheet At December 31',
    'Consolidated Statements of Financial Position',
    'Consolidated Condensed Balance Sheets',
    'AMAZON.COM, INC. CONSOLIDATED BALANCE SHEETS',
    'BALANCE SHEETS',
    'BALANCE SHEETS (In millions) (Unaudited)',
  ])('matches the title "%s"', (title) => {
    expect(matches(title, 'balance-sheet')).toBe(true);
  });

  it.each([
    'Consolidated Balance Sheets:', // a label in selected financial data
    'Consolidated Balance Sheets as of May 26, 2019 and May 27, 2018.', // a sentence of the auditor's report
    'Consolidated balance sheets analysis', // an MD&A heading
    'Consolidated average balance sheets, interest and rates',
    'Off-Balance Sheet Arrangements',
    'NOTE 7. Supplemental Balance Sheet Information',
    'The components of certain Consolidated Balance Sheet accounts are as follows:',
    'ANALYSIS OF THE CONSOLIDATED BALANCE SHEETS', // an MD&A heading
    'Balance Sheet (e)', // a column of a segment table
    'Balance Sheets of the joint ventures',
  ])('does not match "%s"', (text) => {
    expect(matches(text, 'balance-sheet')).toBe(false);
  });

  // only the statement named: comprehensive income is no income statement, a reconciliation no cash-flow statement
  it.each([
    ['CONSOLIDATED STATEMENTS OF OPERATIONS (in thousands)', 'income-statement', true],
    ['Consolidated Statements of Earnings', 'income-statement', true],
    ['Consolidated Statements of Comprehensive Income', 'income-statement', false],
    ['Consolidated Statements of Cash Flows (in millions)', 'cash-flow-statement', true],
    ['Consolidated Statements of Cash Flows', 'balance-sheet', false],
    ['CASH FLOWS STATEMENTS', 'cash-flow-statement', true],
    ['INCOME STATEMENTS', 'income-statement', true],
    ['COMPREHENSIVE INCOME STATEMENTS', 'income-statement', false],
    ['Consolidated Statements of Cash Flows Reconciliation', 'cash-flow-statement', false],
  ] as const)('"%s" matches the %s: %s', (text, statement, named) => {
    expect(matches(text, statement)).toBe(named);
  });
});
