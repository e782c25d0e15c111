import type { ParsedPage, TextItem } from '../../document/document-model';
import { dominantFontSize, fitsOneLine } from './element-split';
import { ocrItem as ocrPiece, parsedPage } from './testing/layout-fixtures';

const ocrItem = (text: string, width: number, fontSize: number): TextItem =>
  ocrPiece(text, [0, 0, width, fontSize], 0.9);
const scan = (items: TextItem[]): ParsedPage =>
  parsedPage(1, items, { width: 720, height: 405, hasTextLayer: false });

describe('body text size', () => {
  it('ignores an OCR box that could not hold its text on one line (a rotated run read as one)', () => {
    const lines = ['Launch dates by year', 'Crewed flights only', 'Source: agency data'].map((t) =>
      ocrItem(t, t.length * 5, 10),
    );
    const run = ocrItem('x'.repeat(400), 404, 97.5);
    expect(dominantFontSize([scan([...lines, run])])).toBe(10);
  });

  it('knows what fits one line', () => {
    expect(fitsOneLine('Data Presentation', 333, 48)).toBe(true);
    expect(fitsOneLine('Dermanwy 009000008 Lunthanga Group', 293, 166)).toBe(false);
  });
});
