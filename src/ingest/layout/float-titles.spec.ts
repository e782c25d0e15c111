import type { BBox, ElementKind, LayoutElement } from '../../document/document-model';
import { linkCaptions } from './captions';
import { linkTitles } from './float-titles';
import { elementSequence } from './testing/layout-fixtures';

const element = elementSequence();
const el = (kind: ElementKind, text: string, bbox: BBox, pageNumber = 1): LayoutElement =>
  element(kind, pageNumber, text, bbox);

describe('linkTitles', () => {
  it('takes a Pew-style chart title over its "% who say" subtitle', () => {
    const title = el(
      'heading',
      'Independents who do not lean to a party less likely to say they voted',
      [314, 336, 543, 366],
    );
    const subtitle = el('paragraph', '% who say they voted in 2018', [314, 372, 386, 382]);
    const chart = el('figure', '', [318, 390, 483, 584]);
    const note = el(
      'paragraph',
      'Note: Self-reported voting. Source: Survey of U.S. adults',
      [314, 590, 540, 610],
    );
    const elements = [title, subtitle, chart, note];
    linkTitles(elements);
    expect(title.captionOf).toBe(chart.key);
    expect(title.kind).toBe('heading'); // a heading keeps opening its section
    expect(subtitle.captionOf).toBeNull();
    expect(note.captionOf).toBeNull();
  });

  it('takes the subtitle when no title stands above it, and makes that paragraph a caption', () => {
    const body = el('paragraph', 'Most Americans answered the survey online in April.', [67, 200, 300, 260]);
    const subtitle = el(
      'paragraph',
      '% who say they __ the way Trump conducts himself',
      [315, 356, 526, 375],
    );
    const chart = el('figure', '', [315, 377, 545, 459]);
    linkTitles([body, subtitle, chart]);
    expect(subtitle.captionOf).toBe(chart.key);
    expect(subtitle.kind).toBe('caption');
  });

  it('takes a statement title over its units line, not the row label between two parts of one table', () => {
    const statementTitle = el('paragraph', 'CONSOLIDATED STATEMENTS OF CASH FLOWS', [72, 60, 540, 72]);
    const units = el('paragraph', '(in millions)', [280, 76, 340, 86]);
    const top = el('table', 'Net income 4,368 3,533', [72, 90, 540, 200]);
    const rowLabel = el(
      'paragraph',
      'Adjustments to reconcile net income to net cash provided by operating activities:',
      [72, 204, 400, 214],
    );
    const bottom = el('table', 'Depreciation 1,000 900', [72, 218, 540, 300]);
    const elements = [statementTitle, units, top, rowLabel, bottom];
    linkTitles(elements);
    expect(statementTitle.captionOf).toBe(top.key);
    expect(units.captionOf).toBeNull();
    expect(rowLabel.captionOf).toBeNull();
  });

  it('ignores column headers, totals and body sentences next to a table', () => {
    const sentence = el(
      'paragraph',
      'Revenue grew in every segment. Margins were stable.',
      [72, 40, 540, 70],
    );
    const columnHeader = el('paragraph', 'Year Ended December 31,', [380, 80, 540, 90]);
    const table = el('table', 'Revenue 10 9', [72, 94, 540, 200]);
    const total = el('paragraph', 'Total liabilities', [72, 300, 200, 310]);
    const second = el('table', 'Debt 5 4', [72, 314, 540, 400]);
    linkTitles([sentence, columnHeader, table, total, second]);
    expect([sentence, columnHeader, total].map((e) => e.captionOf)).toEqual([null, null, null]);
  });

  it('takes a short photo caption set tight under a figure, not the body text that follows further down', () => {
    const photo = el('figure', '', [72, 100, 288, 300]);
    const caption = el('paragraph', 'Grain Elevator, Giltner (HM02-023).', [72, 303, 250, 313]);
    const shortCaption = el('paragraph', 'Chaffee Monument (HM00-122).', [324, 303, 460, 313]);
    const otherPhoto = el('figure', '', [324, 100, 540, 300]);
    const body = el(
      'paragraph',
      'Towns on the railroad grew quickly after 1880 and most of them kept their elevators.',
      [324, 330, 540, 380],
    );
    linkTitles([photo, caption, otherPhoto, shortCaption, body]);
    expect(caption.captionOf).toBe(photo.key);
    expect(shortCaption.captionOf).toBe(otherPhoto.key);
    expect(body.captionOf).toBeNull();
  });

  it('reaches a chart title past its subtitle and legend labels when a source line sits under the plot', () => {
    const body = el('paragraph', 'Views of the economy have improved since last year.', [67, 120, 290, 200]);
    const title = el('paragraph', 'Most say human rights should come first', [314, 136, 536, 160]);
    const subtitle = el('paragraph', '% who say the U.S. should …', [314, 187, 429, 197]);
    const legendLeft = el('paragraph', 'Prioritize economic relations', [342, 214, 421, 234]);
    const legendRight = el('paragraph', 'Promote human rights', [437, 213, 501, 233]);
    const chart = el('chart', '23% 73% 21 76', [390, 239, 544, 375]);
    const source = el(
      'paragraph',
      'Note: Don’t know responses not shown. Source: Survey of adults.',
      [314, 386, 529, 410],
    );
    linkTitles([body, title, subtitle, legendLeft, legendRight, chart, source]);
    expect(title.captionOf).toBe(chart.key);
    expect([body, subtitle, legendLeft, source].map((e) => e.captionOf)).toEqual([null, null, null, null]);
  });

  it('does not reach past body text for a chart title, nor take a plain line without a source under the plot', () => {
    const title = el('paragraph', 'Most say human rights should come first', [314, 100, 536, 124]);
    const sentence = el(
      'paragraph',
      'In the survey, most adults said the same thing as they did a year ago, and few changed their minds.',
      [314, 130, 540, 180],
    );
    const chart = el('chart', '23% 73% 21 76', [390, 200, 544, 375]);
    linkTitles([title, sentence, chart]);
    expect(title.captionOf).toBeNull();
    const plainTitle = el('paragraph', 'Most say human rights should come first', [314, 136, 536, 160]);
    const legend = el('paragraph', 'Promote human rights', [437, 213, 501, 233]);
    const unsourced = el('chart', '23% 73% 21 76', [390, 239, 544, 375]);
    linkTitles([plainTitle, legend, unsourced]);
    expect(plainTitle.captionOf).toBeNull();
  });

  it("prefers a chart's own title line to the page's section heading above it", () => {
    const section = el('heading', 'Americans fault China for its role in the outbreak', [67, 60, 480, 110]);
    const title = el('paragraph', 'Unfavorable views reach new highs in U.S.', [235, 140, 525, 152]);
    const subtitle = el('paragraph', '% who say they have a(n) __ opinion', [235, 156, 420, 166]);
    const chart = el('chart', '73 66 60 52', [258, 200, 521, 380]); // 34 pt under the subtitle
    const source = el('paragraph', 'Source: Survey of U.S. adults.', [235, 395, 460, 405]);
    linkTitles([section, title, subtitle, chart, source]);
    expect(title.captionOf).toBe(chart.key);
    expect(section.captionOf).toBeNull();
  });

  it('reads lettered captions ("table e:") as captions', () => {
    const caption = el('caption', 'table e: change in population around rezoned lots', [176, 77, 470, 90]);
    const table = el('table', 'All Upzoned 25.0% 23.0%', [190, 95, 535, 131]);
    linkCaptions([caption, table]);
    expect(caption.captionOf).toBe(table.key);
  });

  it('leaves a float captioned by a labelled caption alone', () => {
    const heading = el('heading', 'Results overview', [72, 60, 300, 74]);
    const figure = el('figure', '', [72, 80, 540, 300]);
    const caption = el('caption', 'Figure 2: Accuracy by model size', [72, 306, 400, 316]);
    const elements = [heading, figure, caption];
    linkCaptions(elements);
    linkTitles(elements);
    expect(caption.captionOf).toBe(figure.key);
    expect(heading.captionOf).toBeNull();
  });
});
