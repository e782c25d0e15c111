// Sizes and splits of layout analysis: the body text size of a set of pages, and the pieces an element is cut into
// when it is larger than the token budget.
import type { BBox, ParsedPage } from '../../document/document-model';
import { tableToMarkdown } from '../../document/table-form';
import type { CountTokens } from './text';

/** Characters are at least this wide, in ems: a box holding more per em of width is not one line of text. */
const MIN_CHAR_WIDTH_EM = 0.25;

/**
 * Whether a box of this width could hold the text as one line at this size. OCR boxes that cannot are lettering
 * read across a photo, several lines or a rotated run read as one ("size" 166 pt, 34 characters in 293 pt).
 */
export function fitsOneLine(text: string, width: number, fontSize: number): boolean {
  return width >= text.replace(/\s+/g, '').length * fontSize * MIN_CHAR_WIDTH_EM;
}

/** The body text size: the font size carrying the most characters (rounded to half points). */
export function dominantFontSize(pages: ParsedPage[]): number {
  const weights = new Map<number, number>();
  for (const page of pages) {
    for (const item of page.items) {
      if (item.source === 'ocr' && !fitsOneLine(item.text, item.bbox[2] - item.bbox[0], item.fontSize))
        continue;
      const size = Math.round(item.fontSize * 2) / 2;
      weights.set(size, (weights.get(size) ?? 0) + item.text.length);
    }
  }
  let best = 10;
  let bestWeight = -1;
  for (const [size, weight] of weights) {
    if (weight > bestWeight) {
      best = size;
      bestWeight = weight;
    }
  }
  return best;
}

/** Splits a table into row groups that fit the token budget (row indices); each group repeats the header row. */
export function splitTable(cells: string[][], maxTokens: number, countTokens: CountTokens): number[][] {
  const all = cells.map((_, r) => r);
  if (countTokens(tableToMarkdown(cells)) <= maxTokens || cells.length <= 2) return [all];
  const chunks: number[][] = [];
  let current: number[] = [0];
  const grid = (rows: number[]): string[][] => rows.map((r) => cells[r] ?? []);
  for (const row of all.slice(1)) {
    const candidate = [...current, row];
    if (current.length > 1 && countTokens(tableToMarkdown(grid(candidate))) > maxTokens) {
      chunks.push(current);
      current = [0, row];
    } else {
      current = candidate;
    }
  }
  if (current.length > 1) chunks.push(current);
  return chunks;
}

/** Splits a block's box vertically in proportion to the length of each text piece. */
export function splitBox(bbox: BBox, texts: string[]): BBox[] {
  if (texts.length <= 1) return [bbox];
  const total = texts.reduce((n, t) => n + t.length, 0) || 1;
  const height = bbox[3] - bbox[1];
  let y = bbox[1];
  return texts.map((text) => {
    const h = (height * text.length) / total;
    const box: BBox = [bbox[0], y, bbox[2], y + h];
    y += h;
    return box;
  });
}
