import { appendixStart, countQuestionOf, countStructure, type DocumentStructure } from './structure-count';

describe('countQuestionOf', () => {
  it.each([
    [
      'How many figures are there in the whole document?',
      { kind: 'figure', unit: 'items', pages: null, appendix: false },
    ],
    [
      'how many tables are included in this report?',
      { kind: 'table', unit: 'items', pages: null, appendix: false },
    ],
    [
      'How many charts are there in this report',
      { kind: 'chart', unit: 'items', pages: null, appendix: false },
    ],
    ['How many pages contain tables?', { kind: 'table', unit: 'pages', pages: null, appendix: false }],
    [
      'How many figures are in this paper from Page 4 to Page 9? ',
      { kind: 'figure', unit: 'items', pages: { from: 4, to: 9 }, appendix: false },
    ],
    [
      'How many figures are in Pages 90-110 of this paper ?',
      { kind: 'figure', unit: 'items', pages: { from: 90, to: 110 }, appendix: false },
    ],
    [
      'How many figures are there in the Appendix in the paper?',
      { kind: 'figure', unit: 'items', pages: null, appendix: true },
    ],
  ])('reads "%s"', (question, expected) => {
    expect(countQuestionOf(question)).toEqual(expected);
  });

  it.each([
    'How many figures are related to Airbus?',
    'How many figures in this manual demonstrate the "pinch to zoom" gesture?',
    'How many pie charts does the report show?',
    'How many charts and tables in this report are sourced from annual totals?',
    'How many pages have figures that show animals?',
    'How many people are pictured on pages five and six?',
    'What does Figure 3 show?',
  ])('does not count when the question asks more: "%s"', (question) => {
    expect(countQuestionOf(question)).toBeNull();
  });
});

const caption = (pageNumber: number, text: string) => ({
  elementId: `c${pageNumber}-${text.slice(0, 9)}`,
  pageNumber,
  text,
  bbox: null,
});
const region = (pageNumber: number, kind: string, text = '') => ({
  elementId: `r${pageNumber}-${kind}`,
  kind,
  pageNumber,
  bbox: null,
  text,
});

/** A 30-page paper: Figures 1–4 in the body, 5–9 in an appendix that starts on page 20, Table 2's caption missed. */
const paper: DocumentStructure = {
  pageCount: 30,
  captions: [
    caption(2, 'Figure 1: Overview of the method.'),
    caption(4, 'Figure 2. Results'),
    caption(4, 'Table 1: Datasets'),
    caption(6, 'Figure 3 shows the ablation in detail.'), // running text, not a caption
    caption(7, 'Fig. 3 Ablation'),
    caption(9, 'Figure 4'),
    caption(11, 'Table 3: Error types'),
    ...[5, 6, 7, 8, 9].map((n) => caption(19 + n - 4, `Figure ${n}: Case ${n}`)),
  ],
  regions: [
    region(2, 'figure'),
    region(4, 'chart'),
    region(4, 'table'),
    region(8, 'table'),
    region(11, 'table'),
  ],
  sections: [
    { title: '1 Introduction', pageStart: 1 },
    { title: 'References', pageStart: 17 },
    { title: 'A Annotation details', pageStart: 20 },
    { title: 'B More results', pageStart: 23 },
  ],
};

describe('countStructure', () => {
  const count = (question: string, doc = paper) => countStructure(countQuestionOf(question)!, doc);

  it('counts numbered items up to the highest label, so a caption the layout missed still counts', () => {
    expect(count('How many figures are in the paper?')).toMatchObject({ ok: true, result: { count: 9 } });
    const tables = count('How many tables are in the paper?');
    expect(tables).toMatchObject({ ok: true, result: { count: 3 } });
    expect(tables.ok && tables.result.how).toContain('1 of their captions not found by the layout');
    expect(tables.ok && tables.result.evidence.map((e) => e.pageNumber)).toEqual([4, 11]);
  });

  it('counts within a page range and within the appendix by the labels found there', () => {
    const inRange = count('How many figures are in this paper from page 3 to page 10?');
    expect(inRange).toMatchObject({ ok: true, result: { count: 3 } });
    // Figure 3 is cited by its caption "Fig. 3 Ablation" (p. 7), not by page 6's "Figure 3 shows …"
    expect(inRange.ok && inRange.result.evidence.map((e) => e.pageNumber)).toEqual([4, 7, 9]);
    expect(inRange.ok && inRange.result.how).not.toContain('not found by the layout');
    expect(appendixStart(paper.sections)).toBe(20);
    expect(count('How many figures are there in the appendix?')).toMatchObject({
      ok: true,
      result: { count: 5 },
    });
  });

  it('counts pages holding a region, a chart counting as a figure', () => {
    const pages = count('How many pages contain figures?');
    expect(pages).toMatchObject({ ok: true, result: { count: 2 } });
    expect(count('How many pages contain tables?')).toMatchObject({ ok: true, result: { count: 3 } });
  });

  it('cites each counted region by what it prints, a picture without words by its caption, else not at all', () => {
    const deck: DocumentStructure = {
      pageCount: 4,
      captions: [caption(2, 'Our harbour team in 2024')],
      regions: [
        region(
          1,
          'table',
          'Berth  Length (m)  Depth (m) North pier 240 12.5 South pier 180 9.0 East quay 310 14.0',
        ),
        region(2, 'figure'),
        region(3, 'figure'),
      ],
      sections: [],
    };
    const pages = count('How many pages contain figures?', deck);
    expect(pages.ok && pages.result.count).toBe(2);
    expect(pages.ok && pages.result.evidence).toEqual([
      { elementId: 'c2-Our harbo', pageNumber: 2, bbox: null, quote: 'Our harbour team in 2024' },
    ]);
    const tables = count('How many tables are in the deck?', deck);
    expect(tables.ok && tables.result.evidence.map((e) => e.quote)).toEqual([
      'Berth Length (m) Depth (m) North pier 240 12.5 South pier 180 9.0 East quay 310 …',
    ]);
    const quotes = [pages, tables].flatMap((c) => (c.ok ? c.result.evidence.map((e) => e.quote) : []));
    expect(quotes.filter((q) => /region/.test(q))).toEqual([]);
  });

  it('counts regions when no caption is numbered', () => {
    const slides: DocumentStructure = {
      pageCount: 5,
      captions: [caption(1, 'Our team')],
      regions: [region(1, 'figure'), region(2, 'chart'), region(3, 'figure')],
      sections: [],
    };
    expect(count('How many figures are in the deck?', slides)).toMatchObject({
      ok: true,
      result: { count: 3, how: 'figure regions in the document (5 pages) (no numbered captions)' },
    });
  });

  it('says why it cannot count: pages past the end, no appendix', () => {
    expect(count('How many figures are in pages 100-120 of this paper?')).toEqual({
      ok: false,
      reason: 'The document has 30 pages; pages 100–120 are not in it.',
    });
    expect(count('How many figures are in the appendix?', { ...paper, sections: [] })).toEqual({
      ok: false,
      reason: 'The document has no appendix in its outline.',
    });
    expect(appendixStart([{ title: 'Appendix: Methods', pageStart: 12 }])).toBe(12);
  });
});
