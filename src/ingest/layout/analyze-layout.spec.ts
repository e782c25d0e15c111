import type { BBox, OutlineEntry, TextItem } from '../../document/document-model';
import { analyzeLayout } from './analyze-layout';
import { findMentions } from './mentions';
import { sectionsFromOutline } from './sections';
import { joinLines, splitByTokens } from './text';
import { parsedPage, parsedPdf, textItems } from './testing/layout-fixtures';

const item = textItems({ font: 'Helvetica', boldFont: 'Helvetica-Bold', charWidth: 0.5 });

/** Body lines of a paragraph starting at y, 14 pt apart. */
function paragraph(lines: string[], x: number, y: number): TextItem[] {
  return lines.map((line, i) => item(line, x, y + i * 14));
}

describe('analyzeLayout', () => {
  it('undoes end-of-line hyphenation and normalises whitespace', () => {
    expect(joinLines(['it keeps the infor-', 'mation   that  matters'])).toBe(
      'it keeps the information that matters',
    );
    expect(joinLines(['a well-', 'Known case'])).toBe('a well- Known case');
    const model = analyzeLayout(
      parsedPdf([parsedPage(1, paragraph(['We keep the infor-', 'mation intact here.'], 72, 100))]),
    );
    expect(model.elements.map((e) => e.text)).toEqual(['We keep the information intact here.']);
  });

  it('reads two columns column by column, after a full-width title', () => {
    const items = [
      item('A full width title that spans both columns', 72, 60, { size: 16, bold: true, width: 440 }),
      ...paragraph(['LEFT-1 first line', 'LEFT-2 second line', 'LEFT-3 third line'], 72, 100),
      ...paragraph(['RIGHT-1 first line', 'RIGHT-2 second line', 'RIGHT-3 third line'], 330, 100),
    ];
    const model = analyzeLayout(parsedPdf([parsedPage(1, items)]));
    const text = model.pages[0]?.text ?? '';
    expect(text.indexOf('A full width title')).toBeLessThan(text.indexOf('LEFT-1'));
    expect(text.indexOf('LEFT-3')).toBeLessThan(text.indexOf('RIGHT-1'));
    expect(model.elements[0]?.kind).toBe('heading');
  });

  it('marks running headers, footers and page numbers and leaves them out of page text', () => {
    const pages = [1, 2, 3, 4].map((n) =>
      parsedPage(n, [
        item('Annual Report 2023', 72, 30),
        ...paragraph([`Body text of page ${n} goes here.`], 72, 200),
        item(`Page ${n} of 4`, 500, 760),
      ]),
    );
    const model = analyzeLayout(parsedPdf(pages));
    const kinds = model.elements.filter((e) => e.pageNumber === 2).map((e) => e.kind);
    expect(kinds).toEqual(['page-header', 'paragraph', 'page-footer']);
    expect(model.pages[1]?.text).toBe('Body text of page 2 goes here.');
  });

  it('builds a Markdown grid for an aligned table and links its caption', () => {
    const rows = [
      ['Method', 'Recall', 'Latency'],
      ['Vector', '0.61', '120'],
      ['Hybrid', '0.66', '180'],
      ['Graph', '0.72', '340'],
    ];
    const items = [
      item('Table 2: Accuracy by method', 72, 80, { bold: true }),
      ...rows.flatMap((row, r) => row.map((cell, c) => item(cell, 72 + c * 120, 100 + r * 16))),
    ];
    const model = analyzeLayout(parsedPdf([parsedPage(1, items)]));
    const table = model.elements.find((e) => e.kind === 'table');
    expect(table?.description).toBe(
      [
        '| Method | Recall | Latency |',
        '| --- | --- | --- |',
        '| Vector | 0.61 | 120 |',
        '| Hybrid | 0.66 | 180 |',
        '| Graph | 0.72 | 340 |',
      ].join('\n'),
    );
    expect(table?.text.split('\n')[1]).toBe('Vector 0.61 120');
    const caption = model.elements.find((e) => e.kind === 'caption');
    expect(caption?.captionOf).toBe(table?.key);
  });

  it("keeps each table cell's box, and a statement's group label as its own row", () => {
    const rows = [
      ['(In millions)', '2022', '2021'],
      ['Inventories', '1,600', '1,400'],
      ['Total current assets', '6,500', '5,600'],
      ['Non-current assets'],
      ['Property, plant and', '4,000', '3,800'],
      ['equipment, net'],
      ['Current liabilities:'],
      ['Accounts payable', '1,900', '1,700'],
      ['Total current liabilities', '3,000', '2,700'],
    ];
    const items = rows.flatMap((row, r) =>
      row.map((cell, c) => item(cell, 72 + c * 150, 100 + r * 16, { width: 60 })),
    );
    const model = analyzeLayout(parsedPdf([parsedPage(1, items)]));
    const table = model.elements.find((e) => e.kind === 'table')!;
    const lines = table.description!.split('\n');
    expect(lines.slice(4, 7)).toEqual([
      '| Non-current assets |  |  |',
      '| Property, plant and equipment, net | 4,000 | 3,800 |', // a wrapped cell goes on in lower case
      '| Current liabilities: |  |  |',
    ]);
    const cells = table.cells!;
    const at = (r: number, c: number) => cells.rows.findIndex((row, i) => row === r && cells.cols[i] === c);
    const i = at(2, 1);
    expect(cells.texts[i]).toBe('6,500');
    expect(cells.boxes.slice(4 * i, 4 * i + 4)).toEqual([222, 132, 282, 142]);
    expect(cells.texts[at(4, 0)]).toBe('Property, plant and equipment, net');
    expect(at(5, 1)).toBe(-1); // empty cells are not stored
    expect(cells.rows).toHaveLength(cells.texts.length);
    expect(cells.boxes).toHaveLength(4 * cells.texts.length);
  });

  it('turns an image into a figure that owns its labels, captioned, and resolves a reference to it', () => {
    const image: BBox = [72, 300, 372, 500];
    const items = [
      ...paragraph(['As shown in Figure 3, the pipeline has stages.'], 72, 100),
      item('Stage A', 100, 350),
      item('Figure 3: The ingest pipeline', 72, 510),
    ];
    const model = analyzeLayout(parsedPdf([parsedPage(1, items, { images: [{ bbox: image }] })]));
    const figure = model.elements.find((e) => e.kind === 'figure');
    expect(figure?.text).toBe('Stage A');
    expect(model.elements.filter((e) => e.kind === 'paragraph').map((e) => e.text)).not.toContain('Stage A');
    const caption = model.elements.find((e) => e.kind === 'caption');
    expect(caption?.captionOf).toBe(figure?.key);
    expect(model.crossReferences).toEqual([
      { fromKey: model.elements[0]?.key, mention: 'Figure 3', target: { type: 'element', key: figure?.key } },
    ]);
  });

  it('splits long paragraphs on sentence boundaries within the token budget', () => {
    const sentence = 'This sentence has exactly eight words in it.';
    const pieces = splitByTokens(Array(10).fill(sentence).join(' '), 25, (s) => s.split(/\s+/).length);
    expect(pieces.length).toBe(4);
    for (const piece of pieces) expect(piece.split(/\s+/).length).toBeLessThanOrEqual(25);
    expect(pieces[0]).toBe(`${sentence} ${sentence} ${sentence}`);
  });

  it('finds lists, keys elements by page and order', () => {
    const items = [
      item('• first point', 72, 100),
      item('• second point', 72, 114),
      item('1. numbered point', 72, 128),
    ];
    const model = analyzeLayout(parsedPdf([parsedPage(1, items)]));
    expect(model.elements).toHaveLength(1);
    expect(model.elements[0]).toMatchObject({ key: 'p1-e0', kind: 'list', order: 0 });
  });
});

describe('cross-reference mentions', () => {
  it('recognises the usual forms', () => {
    const text =
      'see Table 2, Figure 3 and Fig. 4; Section 4.1 and § 5.2; page 12, p. 7, Appendix B and Chapter 5.';
    expect(findMentions(text).map((m) => `${m.kind}:${m.value}`)).toEqual([
      'label:table 2',
      'label:figure 3',
      'label:figure 4',
      'section:4.1',
      'section:5.2',
      'page:12',
      'page:7',
      'appendix:B',
      'chapter:5',
    ]);
  });
});

describe('sections from the outline', () => {
  it('derives page ranges from the next sibling or ancestor sibling', () => {
    const outline: OutlineEntry[] = [
      { title: '1 Intro', pageNumber: 1, top: 100, children: [] },
      {
        title: '2 Methods',
        pageNumber: 2,
        top: 300,
        children: [{ title: '2.1 Data', pageNumber: 3, top: 400, children: [] }],
      },
      { title: '3 Results', pageNumber: 5, top: 50, children: [] },
      { title: 'Appendix A', pageNumber: 5, top: 500, children: [] },
    ];
    const sections = sectionsFromOutline(outline, 8, Array(8).fill(792), []);
    expect(sections.map((s) => [s.title, s.level, s.pageStart, s.pageEnd, s.path])).toEqual([
      ['1 Intro', 1, 1, 2, '1 Intro'],
      ['2 Methods', 1, 2, 4, '2 Methods'],
      ['2.1 Data', 2, 3, 4, '2 Methods > 2.1 Data'],
      ['3 Results', 1, 5, 5, '3 Results'],
      ['Appendix A', 1, 5, 8, 'Appendix A'],
    ]);
    expect(sections[2]?.parentKey).toBe(sections[1]?.key);
  });

  it('assigns elements to the deepest section that starts before them', () => {
    const items = (n: number): TextItem[] =>
      paragraph([`Text on page ${n} near the top.`], 72, 100).concat(
        paragraph([`Text on page ${n} lower down.`], 72, 600),
      );
    const outline: OutlineEntry[] = [
      {
        title: 'A',
        pageNumber: 1,
        top: 500,
        children: [{ title: 'A.1', pageNumber: 2, top: 500, children: [] }],
      },
    ];
    const model = analyzeLayout(parsedPdf([parsedPage(1, items(1)), parsedPage(2, items(2))], { outline }));
    const [a, a1] = model.sections;
    expect(a?.elementKeys).toEqual(['p1-e1', 'p2-e0']);
    expect(a1?.elementKeys).toEqual(['p2-e1']);
  });
});
