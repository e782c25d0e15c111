import type { ParsedPage, TextItem } from '../../document/document-model';
import { analyzeLayout } from './analyze-layout';
import { ocrItem, parsedPage } from './testing/layout-fixtures';
import { gridGroups, groupTextBoxes, type TextBox } from './text-boxes';

/** An OCR piece: `height` is the ink height, as OCR reports it; words are 0.55 × height wide per character. */
function piece(
  text: string,
  x: number,
  y: number,
  height = 14,
  width = text.length * height * 0.55,
): TextItem {
  return ocrItem(text, [x, y, x + width, y + height]);
}

/** Lines of a box starting at (x, y), `pitch` apart. */
function box(lines: string[], x: number, y: number, pitch = 20, height = 14): TextItem[] {
  return lines.map((line, k) => piece(line, x, y + k * pitch, height));
}

const texts = (b: TextBox): string => b.items.map((i) => i.text).join(' | ');

/** Two boxes side by side with only one line height between them, their rows at the same heights. */
const LEFT = ['Radio waves travel far', 'unless hills or tall', 'buildings block them'];
const RIGHT = ['Short links use cheap', 'transmitters that need', 'little power each day'];
const sideBySide = [...box(LEFT, 40, 120), ...box(RIGHT, 40 + 22 * 14 * 0.55 + 14, 120)];

function scannedSlide(items: TextItem[]): ParsedPage {
  return parsedPage(1, items, { width: 720, height: 405, hasTextLayer: false });
}

describe('groupTextBoxes', () => {
  it('keeps two side-by-side boxes apart though their rows line up and the gutter is one line height', () => {
    const boxes = groupTextBoxes(sideBySide);
    expect(boxes.map(texts).sort()).toEqual([LEFT.join(' | '), RIGHT.join(' | ')].sort());
  });

  it('splits a row the engine read as one piece per box at the gutter the rows above and below show', () => {
    // The first row's two pieces are one line height apart: only the gutter below says they are two boxes.
    const at = (text: string, x: number, y: number): TextItem => piece(text, x, y, 14, 70);
    const items = [at('Left top', 40, 100), at('Right top', 124, 100)];
    items.push(at('left more', 40, 120), at('left end', 40, 140));
    items.push(at('right more', 124, 120), at('right end', 124, 140));
    const boxes = groupTextBoxes(items);
    expect(boxes.map(texts).sort()).toEqual([
      'Left top | left more | left end',
      'Right top | right more | right end',
    ]);
  });

  it('joins a word gap inside a paragraph, where the lines above and below run across it', () => {
    const items = [
      piece('A paragraph with one wide', 40, 100),
      piece('word gap', 40 + 25 * 7.7 + 10, 100),
      piece('in its first line, read as two pieces by the', 40, 120),
      piece('detector, and a third line under them both.', 40, 140),
    ];
    expect(groupTextBoxes(items).map(texts)).toEqual([items.map((i) => i.text).join(' | ')]);
  });

  it('puts a title over two columns in a box of its own, and the columns in one each', () => {
    const title = piece('Two Ways To Send Signals', 40, 40, 28);
    const boxes = groupTextBoxes([title, ...sideBySide]);
    expect(boxes.map(texts).sort()).toEqual(
      ['Two Ways To Send Signals', LEFT.join(' | '), RIGHT.join(' | ')].sort(),
    );
  });

  it('ends a box at a line of body size that runs over both columns', () => {
    const spanning = piece(
      'One sentence that runs across the whole slide above both columns',
      40,
      96,
      14,
      480,
    );
    const boxes = groupTextBoxes([spanning, ...sideBySide]);
    expect(boxes).toHaveLength(3);
    expect(boxes.map(texts)).toContain(spanning.text);
  });

  it('starts a new box after a gap wider than the line spacing', () => {
    const items = [
      ...box(['First box line one', 'First box line two'], 40, 100),
      ...box(['Second box'], 40, 170),
    ];
    expect(groupTextBoxes(items).map(texts).sort()).toEqual([
      'First box line one | First box line two',
      'Second box',
    ]);
  });
});

describe('gridGroups', () => {
  const grid = [
    ...box(['Region', 'North', 'South', 'East'], 40, 100),
    ...box(['2024', '120', '95', '143'], 200, 100),
    ...box(['2025', '131', '102', '150'], 300, 100),
  ];

  it('gathers columns whose rows line up into one grid', () => {
    const groups = gridGroups(groupTextBoxes(grid));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toHaveLength(3);
  });

  it('never makes a grid of wrapped prose, though its rows line up with the box beside it', () => {
    const prose = [
      ...box(
        ['Radio links reach far', 'when no hill or tall', 'tower stands between', 'the two masts'],
        40,
        100,
      ),
      ...box(
        ['Short wireless links', 'need little power and', 'cost less to build', 'for every home'],
        230,
        100,
      ),
    ];
    expect(gridGroups(groupTextBoxes(prose)).map((g) => g.length)).toEqual([1, 1]);
  });

  it('looks at one-line rows set far apart together, so a table with spaced rows is still found', () => {
    const spaced = [
      piece('Region', 40, 100),
      piece('2024', 200, 100),
      piece('North', 40, 150),
      piece('120', 200, 150),
      piece('South', 40, 200),
      piece('95', 200, 200),
    ];
    const groups = gridGroups(groupTextBoxes(spaced));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.flatMap((b) => b.items.map((i) => i.text)).sort()).toEqual(
      ['120', '2024', '95', 'North', 'Region', 'South'].sort(),
    );
  });

  it('makes a grid of a column of labels and the value cells beside it, each cell a box of its own', () => {
    // Labels set larger stack into one box; the smaller values stand too far apart to stack.
    const labels = box(
      ['Strategy', 'Guidance from the board', 'Shared data sets', 'Training courses'],
      40,
      100,
      40,
      20,
    );
    const values = ['Share', '49', '48', '40'].map((text, k) => piece(text, 400, 103 + k * 40));
    const boxes = groupTextBoxes([...labels, ...values]);
    expect(boxes).toHaveLength(5);
    expect(gridGroups(boxes)).toHaveLength(1);
  });

  it('keeps a box beside a grid out of it when its lines do not share the rows', () => {
    const aside = box(['A note set', 'at its own', 'line spacing', 'beside it'], 420, 104, 27);
    const groups = gridGroups(groupTextBoxes([...grid, ...aside]));
    expect(groups.map((g) => g.length).sort()).toEqual([1, 3]);
  });
});

describe('analyzeLayout on a scanned slide', () => {
  it('makes elements that never mix two boxes, and reads each box whole', () => {
    const model = analyzeLayout({
      pageCount: 1,
      title: null,
      outline: [],
      pages: [scannedSlide(sideBySide)],
    });
    const left = LEFT.join(' ');
    const right = RIGHT.join(' ');
    expect(model.elements.map((e) => e.text)).toEqual([left, right]);
  });

  it("reads a slide's boxes by rows of boxes, left to right", () => {
    const panel = (name: string, x: number, y: number): TextItem[] =>
      box([`${name} heads here`, `${name} goes on`], x, y);
    const items = [
      ...panel('Upper left', 40, 80),
      ...panel('Upper right', 400, 84),
      ...panel('Lower left', 40, 240),
      ...panel('Lower right', 400, 236),
    ];
    const model = analyzeLayout({ pageCount: 1, title: null, outline: [], pages: [scannedSlide(items)] });
    expect(model.elements.map((e) => e.text.split(' heads')[0])).toEqual([
      'Upper left',
      'Upper right',
      'Lower left',
      'Lower right',
    ]);
  });

  it('reads a box of centred lines (a diagram label) as one element, not as indented paragraphs', () => {
    const centred = (text: string, y: number): TextItem => piece(text, 300 - (text.length * 7.7) / 2, y);
    const label = [centred('Discuss', 200), centred('requirements during', 220), centred('each demo', 240)];
    const model = analyzeLayout({ pageCount: 1, title: null, outline: [], pages: [scannedSlide(label)] });
    expect(model.elements.map((e) => e.text)).toEqual(['Discuss requirements during each demo']);
  });

  it('makes a table of a grid and nothing else', () => {
    const grid = [
      ...box(['Region', 'North', 'South', 'East'], 40, 200),
      ...box(['2024', '120', '95', '143'], 200, 200),
      ...box(['2025', '131', '102', '150'], 300, 200),
    ];
    const model = analyzeLayout({
      pageCount: 1,
      title: null,
      outline: [],
      pages: [scannedSlide([...box(LEFT, 40, 40), ...box(RIGHT, 400, 40), ...grid])],
    });
    const tables = model.elements.filter((e) => e.kind === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0]?.text).toBe('Region 2024 2025\nNorth 120 131\nSouth 95 102\nEast 143 150');
    expect(model.elements.filter((e) => e.kind !== 'table').map((e) => e.text)).toEqual([
      LEFT.join(' '),
      RIGHT.join(' '),
    ]);
  });

  it('makes the slide title a level-1 heading that opens a section', () => {
    const title = piece('Two Ways To Send Signals', 40, 40, 28);
    const model = analyzeLayout({
      pageCount: 1,
      title: null,
      outline: [],
      pages: [scannedSlide([title, ...sideBySide])],
    });
    expect(model.elements[0]).toMatchObject({ kind: 'heading', headingLevel: 1, text: title.text });
    expect(model.sections.map((s) => s.title)).toEqual([title.text]);
  });
});
