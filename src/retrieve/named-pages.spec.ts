import {
  captionLabelsOf,
  contentsLabelOf,
  type DocumentPageNumbering,
  MAX_NAMED_PAGES,
  mergeNamedPages,
  namedPageLabel,
  pageReferencesOf,
  resolvePageReferences,
} from './named-pages';

/** A 20-page document whose footers print "Page N" three pages behind the PDF (a cover and two front pages). */
const numbered: DocumentPageNumbering = {
  pageCount: 20,
  furniture: [4, 5, 6, 7, 8].map((pdf) => ({
    pageNumber: pdf,
    kind: 'page-footer' as const,
    text: `Page ${pdf - 3}`,
  })),
};
const unnumbered: DocumentPageNumbering = { pageCount: 20, furniture: [] };

describe('pages a question names', () => {
  it('reads page numbers, lists of them, positions and the cover', () => {
    expect(pageReferencesOf('What does the bar chart on page 14 say about kiln output?')).toEqual([
      { number: 14 },
    ]);
    expect(pageReferencesOf('Which glazes are compared on pages 10 and 11?')).toEqual([
      { number: 10 },
      { number: 11 },
    ]);
    expect(pageReferencesOf('Whose stamps are on page 15 and page 16?')).toEqual([
      { number: 15 },
      { number: 16 },
    ]);
    expect(pageReferencesOf('Which firing schedule is on the second page?')).toEqual([{ position: 2 }]);
    expect(pageReferencesOf('What is on the last slide?')).toEqual([{ last: true }]);
    expect(pageReferencesOf('What is drawn on the cover?')).toEqual([{ position: 1 }]);
    expect(pageReferencesOf('Who is pictured on the back cover?')).toEqual([{ last: true }]);
  });

  it('reads a page number written in words, and no number in a word that is none', () => {
    expect(pageReferencesOf('What is the studio phone number on page fourteen?')).toEqual([{ number: 14 }]);
    expect(pageReferencesOf('What does slide twenty-one summarise?')).toEqual([{ number: 21 }]);
    expect(pageReferencesOf('What is on page one of the price list?')).toEqual([{ number: 1 }]);
    expect(pageReferencesOf('What does the page of contents list?')).toEqual([]);
  });

  it('names no page for a range, a web page or a verb', () => {
    expect(pageReferencesOf('Which kilns are shown from Page 4 to Page 9?')).toEqual([]);
    expect(pageReferencesOf('What do Pages 100-120 of the catalogue list?')).toEqual([]);
    expect(pageReferencesOf('What does the home page of the website show?')).toEqual([]);
    expect(pageReferencesOf('How many square miles does the county cover?')).toEqual([]);
  });

  it('takes a number as the printed page first, then as the PDF page', () => {
    expect(resolvePageReferences([{ number: 9 }], numbered)).toEqual([
      { pageNumber: 12, printed: 9 },
      { pageNumber: 9, printed: null },
    ]);
    expect(resolvePageReferences([{ number: 9 }], unnumbered)).toEqual([{ pageNumber: 9, printed: null }]);
    // no page prints 19 (the last prints 17): page 19 is the PDF's
    expect(resolvePageReferences([{ number: 19 }], numbered)).toEqual([{ pageNumber: 19, printed: null }]);
  });

  it('keeps pages the document has, the printed ones first, then once each and at most MAX_NAMED_PAGES', () => {
    expect(resolvePageReferences([{ number: 25 }, { last: true }, { position: 1 }], unnumbered)).toEqual([
      { pageNumber: 20, printed: null },
      { pageNumber: 1, printed: null },
    ]);
    const printedFirst = resolvePageReferences([{ number: 2 }, { number: 4 }, { number: 6 }], numbered);
    expect(printedFirst.map((p) => p.pageNumber)).toEqual([5, 7, 9, 2, 4, 6]);
    expect(mergeNamedPages(printedFirst, []).map((p) => p.pageNumber)).toEqual([5, 7, 9, 2]);
    expect(MAX_NAMED_PAGES).toBe(4);
  });

  it('reads the figures and tables a question names, with the patterns their captions open with', () => {
    const labels = captionLabelsOf('Which step in Figure 1 maps to the content of fig. 10 and Table 2?');
    expect(labels.map((l) => l.name)).toEqual(['Figure 1', 'Figure 10', 'Table 2']);
    expect(captionLabelsOf('Among figures 1-4, how many show a gash?')).toEqual([]);
    const [figure1] = labels;
    const titled = new RegExp(figure1!.titled.replace('(?is)', '^'), 'is');
    const opening = new RegExp(figure1!.opening.replace('(?is)', '^'), 'is');
    expect(titled.test('Figure 1: The ingest pipeline')).toBe(true);
    expect(titled.test('Fig. 1. Overview')).toBe(true);
    expect(titled.test('Figure 1 shows the pipeline')).toBe(false); // a sentence, not a title
    expect(opening.test('Figure 1 shows the pipeline')).toBe(true);
    expect(opening.test('Figure 10: Results')).toBe(false);
    expect(opening.test('Figure 1.2: Detail')).toBe(false);
  });

  it('reads the contents list a question names, with the pattern its title matches', () => {
    expect(contentsLabelOf('What are the last 3 chapters listed in the table of contents?')).toHaveLength(1);
    expect(contentsLabelOf('What does the report say about its contents?')).toEqual([]);
    const [contents] = contentsLabelOf('Which parts does the contents page list?');
    const title = new RegExp(contents!.titled.replace('(?is)', '^') + '$', 'is');
    expect(
      ['Contents', 'TABLE OF CONTENTS', 'Contents\n1 Scope 3', 'CONTENTS 2 Welcome 4'].map((t) =>
        title.test(t),
      ),
    ).toEqual([true, true, true, true]);
    expect(title.test('Contents of the box: one charger')).toBe(false);
  });

  it('puts pages named by number before those holding named figures, tables and statements, once each, and says why', () => {
    const named = mergeNamedPages(
      [
        { pageNumber: 12, printed: 9 },
        { pageNumber: 9, printed: null },
      ],
      [
        { label: 'Figure 3', pageNumber: 9 },
        { label: 'Table 2', pageNumber: 14 },
        { label: 'balance sheet', pageNumber: 14 },
        { label: 'balance sheet', pageNumber: 15 },
      ],
    );
    expect(named.map(namedPageLabel)).toEqual([
      'p. 12 (printed page 9)',
      'p. 9',
      'p. 14 (Table 2)',
      'p. 15 (balance sheet)',
    ]);
  });
});
