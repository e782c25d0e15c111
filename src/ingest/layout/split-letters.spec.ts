import type { TextItem } from '../../document/document-model';
import { buildSegments } from './lines';
import { joinSplitLetters } from './split-letters';
import { textItemAt } from './testing/layout-fixtures';

const item = (text: string, x0: number, x1: number, y: number): TextItem =>
  textItemAt(text, [x0, y, x1, y + 10], { fontName: 'Times', fontSize: 10 });

/** The segments' text after the join, one line per item list. */
function joined(lines: TextItem[][]): string[] {
  const segments = lines.flatMap((line) => buildSegments(line));
  joinSplitLetters(segments);
  return segments.map((s) => s.text);
}

describe('joinSplitLetters', () => {
  it('joins a last letter set apart to its word when the document prints the word and never the stub', () => {
    const text = joined([
      // the title's last letter sits 0.15 em away: wider than a word space
      [item('Consolidated Statement of Incom', 0, 150, 10), item('e', 151.5, 156, 10)],
      [item('Balance Shee', 0, 60, 30), item('t', 61.5, 64, 30)],
      [item('Net income rose; the balance sheet grew.', 0, 200, 50)],
    ]);
    expect(text).toEqual([
      'Consolidated Statement of Income',
      'Balance Sheet',
      'Net income rose; the balance sheet grew.',
    ]);
  });

  it('keeps a lone letter apart when the joined word is not printed, or the stub is a word of its own', () => {
    const text = joined([
      // a small-caps caption's letter label and a variable name
      [item('table', 0, 30, 10), item('e', 31.5, 36, 10)],
      [item('the log', 0, 30, 30), item('p', 31.5, 36, 30)],
      [item('Item', 0, 30, 50), item('s', 31.5, 36, 50)],
      [item('Items are listed per table; Item 7 lists none.', 0, 200, 70)],
    ]);
    expect(text.slice(0, 3)).toEqual(['table e', 'the log p', 'Item s']);
  });

  it('leaves scanned text alone: OCR words are mended by their own rule', () => {
    const segments = buildSegments([item('Incom', 0, 40, 10), item('e', 41.5, 46, 10)]);
    const ocr = segments.map((s) => ({ ...s, source: 'ocr' as const }));
    const printed = buildSegments([item('income', 0, 40, 30)]);
    joinSplitLetters([...ocr, ...printed]);
    expect(ocr[0]!.text).toBe('Incom e');
  });
});
