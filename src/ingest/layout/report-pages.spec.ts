// Layout fixtures that copy the geometry (positions, sizes, weights) of two kinds of real pages with invented
// text: a Pew-style report page (body text in a left column, a bold chart title, a "% who say" subtitle, the
// chart, "Note:"/"Source:" lines in a right column, and a zone below with another gutter) and a 10-K statement
// page (a capitalised title with "(Unaudited)", a units line, period headers, group labels between row groups).
import type { LayoutElement, ParsedPage, ParsedPdf, TextItem } from '../../document/document-model';
import { analyzeLayout } from './analyze-layout';
import { parsedPage, parsedPdf, textItems } from './testing/layout-fixtures';

const item = textItems({ font: 'Georgia', boldFont: 'Franklin-Bold', charWidth: 0.48 });
const pdf = (items: TextItem[], extra: Partial<ParsedPage> = {}): ParsedPdf =>
  parsedPdf([parsedPage(1, items, extra)], { title: 'Fixture' });

/** Body lines of one column, 16 pt apart, each `width` wide. */
function column(lines: string[], x: number, y: number, width: number): TextItem[] {
  return lines.map((line, i) => item(line, x, y + i * 16, { size: 11, width }));
}

const captionOf = (elements: LayoutElement[], float: LayoutElement | undefined): LayoutElement | undefined =>
  elements.find((e) => float && e.captionOf === float.key);

describe('layout of a Pew-style report page', () => {
  const left = [
    'poor ratings of the ethics of the officials are',
    'held by most adults, with large majorities of one',
    'party giving the administration low marks and',
    'most of the other party rating it positively.',
    'Views of the two parties have changed little:',
    'about four-in-ten say each has high standards,',
    'while a similar share says neither of them does.',
    'The parties are also seen as equally able to',
    'come up with good policy ideas this spring.',
  ];
  const chartPage = (): ParsedPdf =>
    pdf(
      [
        ...column(left, 67, 93, 215),
        item('Most rate the ethics of top officials', 315, 110, { size: 13, bold: true, width: 202 }),
        item('as not good or poor', 315, 125, { size: 13, bold: true, width: 140 }),
        item('% who say the ethical standards of top officials', 315, 145, { size: 9, width: 204 }),
        item('are …', 315, 157, { size: 9, width: 30 }),
        item('Note: Don’t know responses not shown.', 315, 287, { size: 8, width: 134 }),
        item('Source: Survey of adults conducted in the spring.', 315, 297, { size: 8, width: 210 }),
        item('RESEARCH CENTER', 315, 311, { size: 8, width: 86 }),
        // A zone below a full-width line, with its gutter further right (text to 373, a chart from 394).
        item('Views of the other question have hardly changed since last year, and most of', 67, 349, {
          size: 11,
          width: 455,
        }),
        ...column(
          ['About two-thirds of one party say the', 'same as they did in an earlier survey,', 'and the'],
          67,
          380,
          306,
        ),
        ...column(['share on the other side is', 'much the same as before.'], 67, 428, 240),
        item('Most say more scrutiny is', 394, 380, { size: 13, bold: true, width: 147 }),
        item('not warranted', 394, 395, { size: 13, bold: true, width: 100 }),
        item('% saying members should be …', 394, 414, { size: 9, width: 140 }),
        item('Source: Survey conducted in the winter.', 394, 540, { size: 8, width: 140 }),
      ],
      {
        images: [{ bbox: [315, 174, 545, 280] }, { bbox: [394, 430, 545, 530] }],
      },
    );

  it('keeps the chart title out of the body text beside it and links it to the chart', () => {
    const model = analyzeLayout(chartPage());
    const [upper] = model.elements.filter((e) => e.kind === 'figure' || e.kind === 'chart');
    const title = captionOf(model.elements, upper);
    expect(title?.text).toBe('Most rate the ethics of top officials as not good or poor');
    const body = model.elements.find((e) => e.text.startsWith('poor ratings'));
    expect(body?.text).not.toMatch(/Most rate/);
    expect(body?.text).toMatch(/this spring\.$/);
  });

  it('finds the gutter of the lower zone on its own', () => {
    const model = analyzeLayout(chartPage());
    const lower = model.elements.filter((e) => e.kind === 'figure' || e.kind === 'chart')[1];
    expect(captionOf(model.elements, lower)?.text).toBe('Most say more scrutiny is not warranted');
    const body = model.elements.find((e) => e.text.startsWith('About two-thirds'));
    expect(body?.text).not.toMatch(/scrutiny/);
  });
});

describe('layout of a 10-K statement page', () => {
  const amounts = (label: string, y: number, a: string, b: string, x = 19): TextItem[] => [
    item(label, x, y, { size: 9 }),
    item(a, 470, y, { size: 9, width: 40 }),
    item(b, 540, y, { size: 9, width: 40 }),
  ];
  const centred = (text: string, y: number, opts: { bold?: boolean } = {}): TextItem => {
    const width = text.length * 9 * 0.48;
    return item(text, 306 - width / 2, y, { size: 9, width, ...opts });
  };
  const statementPage = (): ParsedPdf =>
    pdf([
      centred('CONDENSED CONSOLIDATED BALANCE SHEETS (Unaudited)', 79, { bold: true }),
      centred('(In millions, except number of shares and par value)', 89),
      item('December 31,', 452, 112, { size: 9, width: 50 }),
      item('September 24,', 522, 112, { size: 9, width: 55 }),
      item('2022', 470, 121, { size: 9, width: 20 }),
      item('2022', 540, 121, { size: 9, width: 20 }),
      centred('ASSETS:', 131, { bold: true }),
      item('Current assets:', 19, 142, { size: 9 }),
      ...amounts('Cash and cash equivalents', 153, '$ 20,535', '$ 23,646', 27),
      ...amounts('Marketable securities', 163, '30,820', '24,658', 27),
      ...amounts('Accounts receivable, net', 173, '23,752', '28,184', 27),
      ...amounts('Inventories', 183, '6,820', '4,946', 27),
      ...amounts('Total current assets', 193, '128,777', '135,405', 35),
      centred('LIABILITIES AND SHAREHOLDERS’ EQUITY:', 211, { bold: true }),
      item('Current liabilities:', 19, 222, { size: 9 }),
      ...amounts('Accounts payable', 233, '$ 57,918', '$ 64,115', 27),
      ...amounts('Other current liabilities', 243, '59,893', '60,845', 27),
      ...amounts('Deferred revenue', 253, '7,992', '7,912', 27),
      ...amounts('Total current liabilities', 263, '137,286', '153,982', 35),
      item('Commitments and contingencies', 19, 279, { size: 9 }),
      ...amounts('Total liabilities and equity', 295, '$ 346,747', '$ 352,755'),
      item('See accompanying Notes to the Financial Statements.', 169, 320, { size: 9, width: 270 }),
    ]);

  it('keeps one balance sheet in one table across its group labels', () => {
    const model = analyzeLayout(statementPage());
    const regions = new Set(
      model.elements.filter((e) => e.kind === 'table').map((e) => `${e.bbox.join(',')}`),
    );
    expect(regions.size).toBe(1);
    const table = model.elements.find((e) => e.kind === 'table');
    expect(table?.text).toMatch(/Cash and cash equivalents/);
    expect(table?.text).toMatch(/Total liabilities and equity/);
  });

  it('captions the table with the statement title although it ends in "(Unaudited)"', () => {
    const model = analyzeLayout(statementPage());
    const table = model.elements.find((e) => e.kind === 'table');
    expect(captionOf(model.elements, table)?.text).toBe('CONDENSED CONSOLIDATED BALANCE SHEETS (Unaudited)');
  });

  it('does not join two tables when the second starts with its own column headers', () => {
    const model = analyzeLayout(
      pdf([
        ...amounts('Raw materials', 100, '1,200', '1,100'),
        ...amounts('Work in process', 110, '300', '280'),
        ...amounts('Finished goods', 120, '900', '950'),
        item('Property, Plant and Equipment', 19, 140, { size: 9 }),
        ...amounts('Fiscal year', 152, '2022', '2021'),
        ...amounts('Land and buildings', 162, '24,000', '23,000'),
        ...amounts('Machinery and equipment', 172, '80,000', '78,000'),
      ]),
    );
    const boxes = new Set(model.elements.filter((e) => e.kind === 'table').map((e) => e.bbox.join(',')));
    expect(boxes.size).toBe(2);
  });
});
