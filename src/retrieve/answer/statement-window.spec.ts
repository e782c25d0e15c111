import type { SearchResult } from '../retrieve.types';
import type { PickedPage } from './answer-evidence';
import { statementPagesToRead, statementsNeeded, statementWindow } from './statement-window';

const picked = (pageNumber: number, rank: number, docId = 'acme'): PickedPage => ({
  docId,
  pageNumber,
  step: rank + 1,
  rank,
  score: 1,
});

describe('statementsNeeded', () => {
  it.each([
    ['What was the FY2022 current ratio?', ['balance-sheet']],
    ['What was the operating margin in 2022?', ['income-statement']],
    ['What was the FY2022 return on assets?', ['balance-sheet', 'income-statement']],
    ['What was capex as a % of revenue in FY2022?', ['cash-flow-statement', 'income-statement']],
    [
      'What is the FY2022 cash flow coverage? It is defined as: cash from operations / total current liabilities.',
      ['cash-flow-statement', 'balance-sheet'],
    ],
    ['Based on the balance sheet, did inventories grow between FY21 and FY22?', ['balance-sheet']],
    ['Who chairs the audit committee?', []],
    ['What were net sales in 2022?', ['income-statement']],
    ['What were capital expenditures in 2022? Answer in USD millions.', ['cash-flow-statement']],
  ])('%s → %j', (question, statements) => {
    expect(statementsNeeded(question)).toEqual(statements);
  });
});

describe('statementWindow', () => {
  it('reads each titled page and the page after it, after the evidence, with no step', () => {
    const window = statementWindow(
      [
        { docId: 'acme', pageNumber: 40 },
        { docId: 'acme', pageNumber: 44 },
      ],
      [picked(41, 0), picked(12, 1)],
      new Set(),
    );
    expect(window.map((p) => [p.pageNumber, p.step, p.rank])).toEqual([
      [40, null, 2],
      [44, null, 3],
      [45, null, 4],
    ]);
  });

  it('never reads a page the walk judged irrelevant, and stops at its bound', () => {
    const titled = [10, 20, 30].map((pageNumber) => ({ docId: 'acme', pageNumber }));
    const window = statementWindow(titled, [picked(1, 0)], new Set(['acme#11']), 3);
    expect(window.map((p) => p.pageNumber)).toEqual([10, 20, 21]);
  });
});

describe('statementPagesToRead', () => {
  const search = (strategy: SearchResult['strategy']): SearchResult => ({
    strategy,
    reranked: false,
    pages: [],
    timings: [],
    trace: [],
    steps: [
      { step: 1, docId: 'acme', pageNumber: 61, verdict: 'IRRELEVANT' } as SearchResult['steps'][number],
    ],
    cost: {} as SearchResult['cost'],
    warnings: [],
  });
  const repo = {
    namedStatementPages: (_docId: string, statements: string[]) =>
      Promise.resolve(statements.map((s) => ({ label: s, pageNumber: s === 'balance-sheet' ? 60 : 70 }))),
  };

  it("reads the statements the metric needs from the evidence's document, minus pages judged irrelevant", async () => {
    const pages = await statementPagesToRead(repo, 'What was the FY2022 current ratio?', search('GRAPH'), [
      picked(3, 0),
    ]);
    expect(pages.map((p) => p.pageNumber)).toEqual([60]);
  });

  it('reads nothing for a chain-only walk, a question needing no statement, or evidence from several documents', async () => {
    const q = 'What was the FY2022 current ratio?';
    expect(await statementPagesToRead(repo, q, search('TRACE'), [picked(3, 0)])).toEqual([]);
    expect(await statementPagesToRead(repo, 'Who is the CEO?', search('GRAPH'), [picked(3, 0)])).toEqual([]);
    expect(
      await statementPagesToRead(repo, q, search('GRAPH'), [picked(3, 0), picked(4, 1, 'other')]),
    ).toEqual([]);
  });
});
