import type { BBox, ElementKind, LayoutElement, SectionNode } from '../../document/document-model';
import { resolveCrossReferences, resolveMentions } from './cross-references';
import { findMentions } from './mentions';
import { printedPageMap } from '../../document/page-labels';
import { elementSequence, sectionNode } from './testing/layout-fixtures';

let element = elementSequence();
const el = (kind: ElementKind, text: string, bbox: BBox, pageNumber = 1): LayoutElement =>
  element(kind, pageNumber, text, bbox);
const section = (key: string, title: string, pageStart: number): SectionNode =>
  sectionNode(key, title, pageStart);

describe('cross-references', () => {
  it('finds Note, Item, Section, page and label mentions and skips statutes, other filings and bibliography ranges', () => {
    const mentions = (text: string) => findMentions(text).map((m) => `${m.kind}:${m.value}`);
    expect(mentions('See Note 7 and Item 7 of this report, Table 2 and page 12.')).toEqual([
      'note:7',
      'item:7',
      'label:table 2',
      'page:12',
    ]);
    expect(mentions('pursuant to Section 13(a) or Section 15(d) of the Exchange Act')).toEqual([]);
    expect(mentions('REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934')).toEqual(
      [],
    );
    expect(
      mentions('incorporated by reference to Exhibit 10.2 to the Quarterly Report on Form 10-Q'),
    ).toEqual([]);
    expect(mentions('set forth in Item 1A. “Risk Factors” of our Annual Report on Form 10-K')).toEqual([]);
    expect(mentions('see Note 9 in Acme Corp’s annual report on Form 10-K')).toEqual([]);
    expect(mentions('see Note 9, described in detail in Acme’s 2023 annual report')).toEqual([]);
    // a lower-case possessive names no other company: management's report is in this filing
    expect(mentions('see Note 9 and Item 9A in management’s annual report on internal control')).toEqual([
      'note:9',
      'item:9A',
    ]);
    expect(mentions('In Proceedings of ICML, pp. 6781–6792. PMLR, 2021.')).toEqual([]);
    expect(mentions('as shown in Figure 3 of the report')).toEqual(['label:figure 3']);
    // an appendix is lettered in capitals: "the appendix a reader needs" names none
    expect(mentions('We give in the appendix a full proof; see Appendix B and Annex 2.')).toEqual([
      'appendix:B',
      'appendix:2',
    ]);
  });

  it('resolves Note 7 and Item 7 to their sections past the table of contents, and a printed page number', () => {
    element = elementSequence();
    const contents = [1, 2, 3, 7].map((n, i) =>
      el('paragraph', `Item ${n}. Part ${n}`, [72, 100 + i * 20, 300, 110 + i * 20], 2),
    );
    const item7 = el('heading', 'Item 7. Management’s Discussion and Analysis', [72, 60, 400, 74], 5);
    const notesTitle = el('heading', 'Notes to Consolidated Financial Statements', [72, 60, 400, 74], 6);
    const note7 = el('heading', 'Note 7. Income Taxes', [72, 200, 300, 214], 6);
    const footers = [3, 4, 5, 6].map((p) => el('page-footer', String(p - 2), [300, 760, 310, 770], p));
    const text = el(
      'paragraph',
      'Our effective tax rate fell (see Note 7). Item 7 discusses liquidity; see page 3.',
      [72, 100, 540, 140],
      4,
    );
    const elements = [...contents, item7, notesTitle, note7, ...footers, text];
    const sections = [
      section('s0', item7.text, 5),
      section('s1', notesTitle.text, 6),
      section('s2', note7.text, 6),
    ];
    const refs = resolveCrossReferences(elements, sections, 6);
    expect(refs.filter((r) => r.fromKey === text.key).map((r) => [r.mention, r.target])).toEqual([
      ['Note 7', { type: 'section', key: 's2' }],
      ['Item 7', { type: 'section', key: 's0' }],
      ['page 3', { type: 'page', pageNumber: 5 }], // printed "3" is the PDF's page 5
    ]);
    // A title that starts with its own label is not a reference to itself.
    expect(resolveMentions(elements, sections, 6).filter((m) => m.fromKey !== text.key)).toEqual([]);
  });

  it('reads printed page numbers from footers only when they agree with the page order', () => {
    element = elementSequence();
    const consistent = [2, 3, 4, 5].map((p) =>
      el('page-footer', `Page ${p - 1} of 4`, [300, 760, 340, 770], p),
    );
    expect(printedPageMap(consistent, 5).get(1)).toBe(2);
    const noisy = [2, 3, 4, 5].map((p) => el('page-footer', String(p * 7), [300, 760, 340, 770], p));
    expect(printedPageMap(noisy, 5).size).toBe(0);
  });
});
