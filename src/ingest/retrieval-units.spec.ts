import { estimateTokens } from './layout/text';
import {
  buildRetrievalUnits,
  CONTEXT_HEADER_TOKENS,
  CONTEXT_PATH_TOKENS,
  contextPath,
  TEXT_UNIT_TOKENS,
  type UnitSourceElement,
} from './retrieval-units';
import { PAGE_HEAD_TOKENS, pageHeads, pageHeadText } from './page-heads';
import { tableToEmbed } from './table-to-embed';

let seq = 0;
function el(
  partial: Partial<UnitSourceElement> & Pick<UnitSourceElement, 'kind' | 'text'>,
): UnitSourceElement {
  return {
    id: `e${seq++}`,
    pageNumber: 1,
    description: null,
    sectionId: 's1',
    sectionPath: 'Financial Statements',
    captionOf: null,
    ...partial,
  };
}
const words = (n: number, word = 'revenue') => Array.from({ length: n }, () => word).join(' ');

describe('retrieval units', () => {
  beforeEach(() => (seq = 0));

  it('covers every embeddable element exactly once and skips running headers and footers', () => {
    const elements = [
      el({ kind: 'page-header', text: 'ACME Corp 10-K' }),
      el({ kind: 'heading', text: 'Results' }),
      el({ kind: 'paragraph', text: words(30) }),
      el({ kind: 'list', text: words(20, 'item') }),
      el({ kind: 'table', text: 'a b', description: '| a | b |\n| --- | --- |\n| 1 | 2 |' }),
      el({ kind: 'paragraph', text: '' }),
      el({ kind: 'page-footer', text: '12' }),
    ];
    const units = buildRetrievalUnits(elements, estimateTokens);
    const covered = units.flatMap((u) => u.elementIds);
    expect(new Set(covered).size).toBe(covered.length);
    expect(covered.sort()).toEqual(['e1', 'e2', 'e3', 'e4']);
  });

  it('merges consecutive small elements of a section up to the token budget', () => {
    const elements = Array.from({ length: 12 }, () => el({ kind: 'paragraph', text: words(40) }));
    const units = buildRetrievalUnits(elements, estimateTokens);
    expect(units.length).toBeGreaterThan(1);
    expect(units.length).toBeLessThan(elements.length);
    for (const u of units) expect(estimateTokens(u.embedText)).toBeLessThanOrEqual(TEXT_UNIT_TOKENS);
    expect(units.every((u) => u.text.startsWith('Financial Statements\n'))).toBe(true);
  });

  it('never crosses a section or a page, and a heading starts a new unit', () => {
    const elements = [
      el({ kind: 'heading', text: 'Revenue', sectionId: 'a', sectionPath: 'Revenue' }),
      el({ kind: 'paragraph', text: 'one', sectionId: 'a', sectionPath: 'Revenue' }),
      el({ kind: 'paragraph', text: 'two', sectionId: 'b', sectionPath: 'Costs' }),
      el({ kind: 'paragraph', text: 'three', sectionId: 'b', sectionPath: 'Costs', pageNumber: 2 }),
      el({ kind: 'heading', text: 'Outlook', sectionId: 'b', sectionPath: 'Costs', pageNumber: 2 }),
    ];
    const units = buildRetrievalUnits(elements, estimateTokens);
    expect(units.map((u) => u.elementIds)).toEqual([['e0', 'e1'], ['e2'], ['e3'], ['e4']]);
    expect(units.map((u) => u.key)).toEqual(['p1-u0', 'p1-u1', 'p2-u0', 'p2-u1']);
  });

  it('embeds a table with its section path, title, caption and header in every row group', () => {
    const header = '| Line item | 2023 | 2022 |\n| --- | --- | --- |';
    const elements = [
      el({ kind: 'heading', text: 'Consolidated Balance Sheets' }),
      el({ kind: 'table', text: 'x', description: `${header}\n| Cash | 10 | 9 |` }),
      el({ kind: 'table', text: 'x', description: `${header}\n| Inventory | 7 | 6 |` }),
      el({ kind: 'caption', text: 'Table 4: balance sheet', captionOf: 'e2' }),
    ];
    const units = buildRetrievalUnits(elements, estimateTokens);
    const tables = units.filter((u) => u.kind === 'table');
    expect(tables).toHaveLength(2);
    for (const t of tables) {
      expect(t.text).toContain('Financial Statements');
      expect(t.text).toContain('Consolidated Balance Sheets');
      expect(t.text).toContain('| Line item | 2023 | 2022 |');
    }
    expect(tables[1]!.text).toContain('Table 4: balance sheet');
    expect(tables[1]!.elementIds).toEqual(['e2', 'e3']); // the caption is covered by its table's unit
    expect(units.flatMap((u) => u.elementIds).filter((id) => id === 'e3')).toHaveLength(1);
  });

  it('puts a figure with its caption and leaves a caption of another page in the text flow', () => {
    const elements = [
      el({ kind: 'figure', text: 'axis 2019 2020', description: null }),
      el({ kind: 'caption', text: 'Figure 1: growth', captionOf: 'e0' }),
      el({ kind: 'caption', text: 'Figure 2: elsewhere', captionOf: 'e0', pageNumber: 2 }),
    ];
    const units = buildRetrievalUnits(elements, estimateTokens);
    expect(units[0]).toMatchObject({ kind: 'figure', elementIds: ['e0', 'e1'] });
    expect(units[0]!.text).toContain('Figure 1: growth');
    expect(units[1]).toMatchObject({ kind: 'text', pageNumber: 2, elementIds: ['e2'] });
  });

  it('absorbs the short text before a table as its title and repeats it for the next grid of that page', () => {
    const elements = [
      el({ kind: 'paragraph', text: 'Consolidated Balance Sheets' }),
      el({ kind: 'paragraph', text: '(In Millions, Except Par Value)' }),
      el({ kind: 'table', text: 'x', description: '| Total current assets | 5,121.3 |' }),
      el({ kind: 'paragraph', text: 'LIABILITIES AND EQUITY Current liabilities:' }),
      el({ kind: 'table', text: 'x', description: '| Total current liabilities | 7,491.5 |' }),
      el({ kind: 'paragraph', text: 'Consolidated Balance Sheets', pageNumber: 2 }),
      el({ kind: 'paragraph', text: words(60), pageNumber: 2 }),
      el({ kind: 'table', text: 'x', description: '| Goodwill | 13,923.2 |', pageNumber: 2 }),
    ];
    const units = buildRetrievalUnits(elements, estimateTokens);
    expect(units.map((u) => [u.kind, u.elementIds])).toEqual([
      ['table', ['e0', 'e1', 'e2']],
      ['table', ['e3', 'e4']],
      ['text', ['e5', 'e6']],
      ['table', ['e7']],
    ]);
    expect(units[1]!.text).toContain('Consolidated Balance Sheets\n(In Millions, Except Par Value)');
    expect(units[1]!.text).toContain('LIABILITIES AND EQUITY');
    // Long text before a table stays in the text flow and is not taken as its title.
    expect(units[3]!.text).not.toContain('revenue');
  });

  it("carries the page's running header in every unit of the page without covering it", () => {
    const elements = [
      el({ kind: 'page-header', text: 'GENERAL MILLS, INC. AND SUBSIDIARIES' }),
      el({ kind: 'page-header', text: '52' }),
      el({ kind: 'paragraph', text: 'Cash flows from operating activities' }),
      el({ kind: 'table', text: 'x', description: '| Net earnings | 2,181.2 |' }),
      el({ kind: 'paragraph', text: 'Next page', pageNumber: 2 }),
    ];
    const units = buildRetrievalUnits(elements, estimateTokens);
    expect(units).toHaveLength(2);
    expect(units[0]!.text.startsWith('GENERAL MILLS, INC. AND SUBSIDIARIES\nFinancial Statements\n')).toBe(
      true,
    );
    expect(units[0]!.text).not.toContain('52');
    expect(units[1]!.text.startsWith('Financial Statements\nNext page')).toBe(true);
    expect(units.flatMap((u) => u.elementIds)).toEqual(['e2', 'e3', 'e4']);
  });

  it('caps the context: the deepest headings of a long path, a running header cut short', () => {
    const deepest = [
      'Item 8. Financial Statements and Supplementary Data',
      'Notes to Consolidated Financial Statements',
      'Note 7. Debt, Credit Facilities and Other Borrowings',
    ];
    expect(contextPath(['PART II', ...deepest].join(' > '), 'Revenues rose', estimateTokens)).toBe(
      deepest.join(' > '),
    );
    // The deepest heading alone is cut to the budget rather than dropped.
    const long = words(40, 'statement');
    expect(estimateTokens(contextPath(`Part I > ${long}`, '', estimateTokens))).toBeLessThanOrEqual(
      CONTEXT_PATH_TOKENS,
    );
    expect(contextPath(`Part I > ${long}`, '', estimateTokens)).toMatch(/^statement/);

    const header = words(30, 'ACME');
    const units = buildRetrievalUnits(
      [el({ kind: 'page-header', text: header }), el({ kind: 'paragraph', text: 'Cash' })],
      estimateTokens,
    );
    const [headerLine] = units[0]!.embedText.split('\n');
    expect(estimateTokens(headerLine!)).toBeLessThanOrEqual(CONTEXT_HEADER_TOKENS);
    expect(units[0]!.text.startsWith(`${header}\n`)).toBe(true); // the stored text keeps it whole
  });

  it('does not repeat in the path the heading that opens the unit', () => {
    const elements = [
      el({ kind: 'heading', text: 'Liquidity', sectionId: 'a', sectionPath: 'Item 7 > Liquidity' }),
      el({ kind: 'paragraph', text: 'Cash was ample.', sectionId: 'a', sectionPath: 'Item 7 > Liquidity' }),
    ];
    const [unit] = buildRetrievalUnits(elements, estimateTokens);
    expect(unit!.embedText).toBe('Item 7\nLiquidity\nCash was ample.');
    expect(unit!.text).toBe('Item 7 > Liquidity\nLiquidity\nCash was ample.');
  });

  it('embeds a table as its title, header row and line items: no grid, no figures', () => {
    const grid = [
      '|  | 2015 |  | 2014 |',
      '| --- | --- | --- | --- |',
      '| Revenues | $ | 6,779,511 | $ 5,504,656 |',
      '| Interest expense |  | (132,716) | — |',
      '| Segment | Streaming | 12.5 % | n/a |',
    ].join('\n');
    expect(tableToEmbed(`Consolidated Statements of Operations\n${grid}`)).toBe(
      [
        'Consolidated Statements of Operations',
        '2015 2014',
        'Revenues',
        'Interest expense',
        'Segment Streaming n/a',
      ].join('\n'),
    );
    const [unit] = buildRetrievalUnits([el({ kind: 'table', text: 'x', description: grid })], estimateTokens);
    expect(unit!.text).toContain('| Revenues | $ | 6,779,511 | $ 5,504,656 |'); // stored and full-text indexed whole
    expect(unit!.embedText).toBe(
      'Financial Statements\n2015 2014\nRevenues\nInterest expense\nSegment Streaming n/a',
    );
  });
});

describe('page heads', () => {
  const countWords = (t: string) => t.split(/\s+/).filter(Boolean).length;

  it("takes a page's opening words up to the token budget, cut between words", () => {
    const text = `ACME CORP\nConsolidated   Balance Sheets\n${words(200)}`;
    expect(pageHeadText(text, countWords, 5)).toBe('ACME CORP Consolidated Balance Sheets');
    expect(pageHeadText(text, countWords, 6)).toBe('ACME CORP Consolidated Balance Sheets revenue');
    const head = pageHeadText(text, estimateTokens);
    expect(estimateTokens(head)).toBeLessThanOrEqual(PAGE_HEAD_TOKENS);
    expect(estimateTokens(`${head} revenue`)).toBeGreaterThan(PAGE_HEAD_TOKENS); // the longest head that fits
    expect(pageHeadText('Short page.', estimateTokens)).toBe('Short page.');
  });

  it("starts a page's head with its running header and leaves out pages without text", () => {
    const pages = [
      { number: 1, text: 'Consolidated Balance Sheets' },
      { number: 2, text: '  \n ' },
      { number: 3, text: 'Notes' },
    ];
    const elements = [
      el({ kind: 'page-header', text: 'ACME  CORP', pageNumber: 1 }),
      el({ kind: 'page-header', text: '(in millions)', pageNumber: 1 }),
      el({ kind: 'paragraph', text: 'Consolidated Balance Sheets', pageNumber: 1 }),
      el({ kind: 'paragraph', text: 'Notes', pageNumber: 3 }),
    ];
    expect(pageHeads(pages, elements, countWords)).toEqual([
      { pageNumber: 1, text: 'ACME CORP · (in millions) Consolidated Balance Sheets' },
      { pageNumber: 3, text: 'Notes' },
    ]);
  });
});
