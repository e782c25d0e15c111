import type { BBox, ParsedPage } from '../../document/document-model';
import { findFigureRegions, mergeSmallMultiples, textlessPictureFigures } from './figures';
import { parsedPage, textItemAt } from './testing/layout-fixtures';

/** A vector line chart drawn at (x, y): eight slanted strokes inside a w × h panel. */
function lineChart(x: number, y: number, w = 80, h = 100): BBox[] {
  return Array.from({ length: 8 }, (_, k): BBox => [
    x + k * (w / 8),
    y + (k % 3) * (h / 3),
    x + (k + 1) * (w / 8) + 2,
    y + h - (k % 2) * (h / 4),
  ]);
}

const page = (graphics: BBox[], extra: Partial<ParsedPage> = {}): ParsedPage =>
  parsedPage(1, [], { graphics, ...extra });

describe('figure regions', () => {
  it('joins a grid of equal vector panels (small multiples) into one figure', () => {
    const panels = [90, 210, 330, 450].flatMap((x) => [...lineChart(x, 300), ...lineChart(x, 460)]);
    expect(findFigureRegions(page(panels))).toEqual([[90, 300, 532, 560]]);
  });

  it('keeps figures of different sizes or far apart separate', () => {
    const boxes: BBox[] = [
      [72, 100, 272, 250],
      [300, 100, 400, 400],
      [72, 500, 272, 650],
    ];
    expect(mergeSmallMultiples(boxes)).toHaveLength(3);
  });

  it('on a scanned page takes the figures OCR found in the pixels, never the scan image itself', () => {
    const scan = page([], {
      hasTextLayer: false,
      images: [{ bbox: [0, 0, 612, 792] }],
      scanFigures: [[100, 400, 300, 600]],
    });
    expect(findFigureRegions(scan)).toEqual([[100, 400, 300, 600]]);
    expect(findFigureRegions({ ...scan, scanFigures: undefined })).toEqual([]);
  });

  describe('filled rectangles', () => {
    const item = (text: string, bbox: BBox) => textItemAt(text, bbox, { fontName: 'Arial', fontSize: 18 });
    // A slide whose text boxes and lines each sit on a fill as wide as their words (an export's text backgrounds).
    const lines = [
      'Gestalt means shape',
      'The whole is more',
      'than its parts',
      'Read on',
      'to see why',
      'it is',
    ];
    const texts = lines.map((t, k) => item(t, [40, 100 + 30 * k, 40 + t.length * 9, 120 + 30 * k]));

    it('are text, not a bar chart, when most are fills behind words', () => {
      const fills = texts.map((t): BBox => [t.bbox[0], t.bbox[1], t.bbox[2] + 1, t.bbox[3] + 1]);
      const frame: BBox = [30, 95, 260, 275];
      const slide = page([], {
        width: 720,
        height: 405,
        items: texts,
        rules: [frame, ...fills, [0, 397, 720, 405]],
      });
      expect(findFigureRegions(slide)).toEqual([]);
    });

    // A statement shaded every other row, cell by cell: the label cell and two value columns per shaded row.
    const stripedRows = (columns: Array<[number, number]>) =>
      [0, 1, 2, 3, 4].flatMap((k) => columns.map(([x0, x1]): BBox => [x0, 120 + 22 * k, x1, 131 + 22 * k]));

    it('are a table, not a chart, when every shaded row repeats the same cells', () => {
      const cells = stripedRows([
        [30, 353],
        [353, 372],
        [372, 377],
        [377, 432],
        [435, 455],
        [455, 460],
        [460, 516],
      ]);
      expect(findFigureRegions(page([], { rules: cells }))).toEqual([]);
    });

    it('stay a stacked bar chart when the segments of each row end where its data does', () => {
      const segments = [60, 140, 90, 180, 120].flatMap((w, k): BBox[] => [
        [100, 120 + 22 * k, 100 + w, 131 + 22 * k],
        [100 + w, 120 + 22 * k, 150 + w + k * 7, 131 + 22 * k],
        [150 + w + k * 7, 120 + 22 * k, 190 + w + k * 11, 131 + 22 * k],
      ]);
      expect(findFigureRegions(page([], { rules: segments }))).toHaveLength(1);
    });

    it("are a table's shaded header when they tile their box in spans of any width and hold words", () => {
      // a filing's two-level column heads: a title row, a spanning head, periods under it, a tall label cell
      const cells: BBox[] = [
        [50, 362, 149, 374],
        [149, 362, 562, 374],
        [50, 374, 149, 424],
        [149, 374, 562, 385],
        [149, 385, 419, 397],
        [419, 385, 423, 424],
        [423, 385, 513, 424],
        [513, 385, 562, 397],
        [149, 397, 194, 424],
        [194, 397, 374, 424],
        [374, 397, 419, 424],
        [513, 397, 517, 424],
        [517, 397, 562, 424],
      ];
      const at = (k: number): BBox => {
        const [x0, y0, x1, y1] = cells[k]!;
        return [x0 + 2, y0 + 2, Math.min(x1 - 2, x0 + 60), Math.min(y1 - 2, y0 + 10)];
      };
      const heads = [1, 3, 4, 6, 8, 9, 10].map((k) => item(`Loans ${k}`, at(k)));
      expect(findFigureRegions(page([], { items: heads, rules: cells }))).toEqual([]);
      // the same cells labelled with numbers only stay a chart
      const values = [1, 3, 4, 6, 8, 9, 10].map((k) => item(String(10 + k), at(k)));
      expect(findFigureRegions(page([], { items: values, rules: cells }))).toHaveLength(1);
    });

    it('stay a bar chart when the bars carry only value labels', () => {
      const bars = [30, 120, 50, 150, 40, 70].map((w, k): BBox => [100, 300 + 22 * k, 100 + w, 318 + 22 * k]);
      const values = bars.map((b, k) => item(String(20 + k), [b[0] + 2, b[1] + 2, b[2] - 2, b[3] - 2]));
      expect(findFigureRegions(page([], { items: values, rules: bars }))).toHaveLength(1);
    });
  });

  describe('pictures whose words are only in their pixels', () => {
    const word = (text: string, bbox: BBox) => textItemAt(text, bbox, { fontName: 'Helvetica', fontSize: 9 });
    const chart: BBox = [72, 300, 472, 560];

    it('lists a figure-sized picture with no text on it', () => {
      const p = page([], { images: [{ bbox: chart }], items: [word('Body text', [72, 100, 300, 112])] });
      expect(textlessPictureFigures(p)).toEqual([chart]);
    });

    it('skips a picture whose labels the PDF carries as text, an icon, a background and a scan', () => {
      const labels = ['2019', '2020', 'Revenue'].map((t, k) =>
        word(t, [100 + 60 * k, 540, 140 + 60 * k, 550]),
      );
      expect(textlessPictureFigures(page([], { images: [{ bbox: chart }], items: labels }))).toEqual([]);
      expect(textlessPictureFigures(page([], { images: [{ bbox: [72, 72, 96, 96] }] }))).toEqual([]);
      expect(textlessPictureFigures(page([], { images: [{ bbox: [0, 0, 612, 792] }] }))).toEqual([]);
      expect(textlessPictureFigures(page([], { images: [{ bbox: chart }], hasTextLayer: false }))).toEqual(
        [],
      );
    });
  });
});
