import type { LayoutElement } from '../../document/document-model';
import { isHeading } from './headings';
import { outlineElements } from './testing/layout-fixtures';
import { outlineHeadings } from './outline-headings';
import { sectionsFromHeadings } from './sections';

const { element, heading, body, section } = outlineElements();

const outline = (elements: LayoutElement[], pageCount: number, cover?: Set<string>) =>
  sectionsFromHeadings(elements, pageCount, cover).map((s) => `${s.path} [${s.pageStart}]`);

describe('outlineHeadings', () => {
  it('reads an SEC form by Part and Item: cover lines open nothing, contents entries are links, other headings sit in Items', () => {
    const elements = [
      heading(1, 'UNITED STATES SECURITIES AND EXCHANGE COMMISSION', 1),
      heading(1, 'FORM 10-Q', 1),
      heading(1, 'Delaware', 3),
      heading(2, 'Table of Contents', 3, 60),
      heading(2, 'Part I', 1, 100),
      heading(2, 'Item 1.  Financial Statements', 3, 120),
      heading(3, 'PART I — FINANCIAL INFORMATION', 1, 60),
      element('paragraph', 3, 'Item 1.', { top: 100, left: 18, right: 50 }),
      heading(3, 'Financial Statements', 3, 100),
      body(3, 130),
      heading(3, 'Note 1 – Revenue', 3, 300),
      body(3, 330),
      heading(5, 'ITEM 2. MANAGEMENT’S DISCUSSION AND ANALYSIS', 3, 60),
      heading(5, 'Results of Operations', 2, 200),
      heading(7, 'PART II — OTHER INFORMATION', 1, 60),
      heading(7, 'Item 1A. Risk Factors', 3, 100),
    ];
    expect(outline(elements, 8)).toEqual([
      'Table of Contents [2]',
      'PART I — FINANCIAL INFORMATION [3]',
      'PART I — FINANCIAL INFORMATION > Item 1. Financial Statements [3]',
      'PART I — FINANCIAL INFORMATION > Item 1. Financial Statements > Note 1 – Revenue [3]',
      'PART I — FINANCIAL INFORMATION > ITEM 2. MANAGEMENT’S DISCUSSION AND ANALYSIS [5]',
      'PART I — FINANCIAL INFORMATION > ITEM 2. MANAGEMENT’S DISCUSSION AND ANALYSIS > Results of Operations [5]',
      'PART II — OTHER INFORMATION [7]',
      'PART II — OTHER INFORMATION > Item 1A. Risk Factors [7]',
    ]);
  });

  it('takes an Item as a form item only before a capitalised title, not a sentence about an item', () => {
    const elements = [
      ...section(1, 'Annual Report'),
      heading(3, 'PART I', 1),
      ...section(3, 'Item 1. Business', 3),
      ...section(5, 'Item 7 Management’s Discussion and Analysis', 3),
      ...section(6, 'Item 3 is not applicable to the Company', 2),
    ];
    expect(outline(elements, 8)).toEqual([
      'PART I [3]',
      'PART I > Item 1. Business [3]',
      'PART I > Item 7 Management’s Discussion and Analysis [5]',
      'PART I > Item 7 Management’s Discussion and Analysis > Item 3 is not applicable to the Company [6]',
    ]);
  });

  it('leaves Part and Item alone where there is no form: one Item is not a scheme', () => {
    const elements = [...section(1, 'Overview'), ...section(2, 'Item 1. Tools you need', 2)];
    expect(outline(elements, 2)).toEqual(['Overview [1]', 'Overview > Item 1. Tools you need [2]']);
  });

  it('never makes a chart title a section: a heading linked to a float, or set right above a caption line', () => {
    const chart = element('figure', 3, '', { top: 300 });
    const linked = { ...heading(3, 'Views of the economy improve', 2, 260), captionOf: chart.key };
    const elements = [
      heading(2, 'Chapter findings', 1, 60),
      body(2, 90),
      heading(2, 'Most see rising prices', 2, 200),
      element('caption', 2, '% who say prices are rising', { top: 220 }),
      body(3, 200),
      linked,
      chart,
      heading(4, 'Methodology', 1, 60),
    ];
    expect(outline(elements, 4)).toEqual(['Chapter findings [2]', 'Methodology [4]']);
  });

  it('keeps the first heading on a page as the page’s title even when a screenshot caption follows it', () => {
    const elements = [
      element('page-header', 2, 'ACME STRATEGIES', { top: 18 }),
      heading(2, 'LUFTHANSA ACTIVITY', 1, 30),
      element('caption', 2, '(Lufthansa.com Hour 3)', { top: 63 }),
      body(2, 106),
    ];
    expect(outline(elements, 2)).toEqual(['LUFTHANSA ACTIVITY [2]']);
  });

  it('lets a heading that repeats the one before it continue that section (a slide under the same title)', () => {
    const elements = [
      ...section(2, 'Quick facts'),
      ...section(3, 'QUICK FACTS'),
      ...section(4, 'Key findings'),
      heading(5, 'Quick facts', 1),
    ];
    expect(outline(elements, 5)).toEqual(['Quick facts [2]', 'Key findings [4]', 'Quick facts [5]']);
  });

  it('drops the subtitle right under a title heading, and the cover lines the document title was read from', () => {
    const cover = heading(1, 'Support for Tough Trade Stance Grows', 1, 100);
    const elements = [
      cover,
      heading(1, 'Fewer trust the envoy on trade than on other issues', 3, 150),
      heading(3, 'Support for Tough Trade Stance Grows', 1, 60),
      heading(3, 'Fewer trust the envoy on trade than on other issues', 3, 90),
      body(3, 120),
      heading(4, 'Trade views harden', 4, 60),
      body(4, 90),
      heading(6, 'Tariffs seen as costly', 4, 60),
      body(6, 90),
      heading(9, 'Methodology', 2, 60),
    ];
    const headings = outlineHeadings(elements, 20, new Set([cover.key])).map((h) => h.title);
    expect(headings).toEqual([
      'Fewer trust the envoy on trade than on other issues',
      'Support for Tough Trade Stance Grows',
      'Trade views harden',
      'Tariffs seen as costly',
      'Methodology',
    ]);
  });

  it('never nests the document under its contents page: the contents heading ends at the next heading', () => {
    const elements = [
      heading(2, 'Contents', 1, 60),
      heading(2, 'Overview ........ 3', 2, 100),
      heading(3, 'Overview', 2, 60),
      body(3, 90),
      heading(5, 'Findings', 2, 60),
    ];
    expect(outline(elements, 6)).toEqual(['Contents [2]', 'Overview [3]', 'Findings [5]']);
  });
});

describe('isHeading (what the outline rules rely on)', () => {
  const candidate = (
    text: string,
    extra: Partial<{ fontSize: number; bold: boolean; lineCount: number }> = {},
  ) => ({
    text,
    fontSize: 12,
    bold: true,
    lineCount: 1,
    ...extra,
  });
  it('refuses a scale or audit note in parentheses, however it is set', () => {
    expect(isHeading(candidate('(In millions, except per share data)'), 9)).toBe(false);
    expect(isHeading(candidate('(Unaudited)'), 9)).toBe(false);
  });
  it('takes a form item line in body-size capitals over two lines', () => {
    const item =
      'ITEM 2. MANAGEMENT’S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS OF THE COMPANY AND ITS SUBSIDIARIES';
    expect(isHeading(candidate(item, { fontSize: 9, bold: false, lineCount: 2 }), 9)).toBe(true);
    expect(
      isHeading(candidate('Item 2 describes the results of operations in detail.', { bold: false }), 9),
    ).toBe(false);
  });
});
