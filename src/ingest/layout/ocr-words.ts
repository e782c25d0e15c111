// OCR runs words together where a slide sets them in spaced capitals ("GERMANWINGSACTIVITY"), while the document
// prints the same words apart elsewhere. The document is its own dictionary: a long OCR word made of two or three
// words it prints on their own is split back into them. Text-layer words are never touched.
import type { ParsedPdf, TextItem } from '../../document/document-model';

/** Letters in an OCR word worth checking; shorter run-togethers are rare and ordinary words often split. */
const MIN_RUN = 12;
/** Letters in each part: short words ("in", "on", "the") would split ordinary long words. */
const MIN_PART = 4;
export const MAX_PARTS = 3;
const WORD = /\p{L}+/gu;

export function splitRunTogetherWords(parsed: ParsedPdf): ParsedPdf {
  const printed = new Set<string>();
  for (const page of parsed.pages)
    for (const item of page.items) for (const w of item.text.match(WORD) ?? []) printed.add(w.toLowerCase());
  const split = (word: string): string | null => {
    const parts = segment(word.toLowerCase(), printed, MAX_PARTS);
    if (!parts) return null;
    let at = 0;
    return parts.map((p) => word.slice(at, (at += p.length))).join(' ');
  };
  const mend = (item: TextItem): TextItem => {
    if (item.source !== 'ocr') return item;
    const text = item.text.replace(WORD, (w) => (w.length >= MIN_RUN ? (split(w) ?? w) : w));
    return text === item.text ? item : { ...item, text };
  };
  return { ...parsed, pages: parsed.pages.map((page) => ({ ...page, items: page.items.map(mend) })) };
}

/** The fewest printed words (at most `max`, each ≥ MIN_PART letters) that make up `word`, or null. */
export function segment(word: string, printed: ReadonlySet<string>, max: number): string[] | null {
  for (let parts = 2; parts <= max; parts++) {
    const found = segmentInto(word, printed, parts);
    if (found) return found;
  }
  return null;
}

function segmentInto(word: string, printed: ReadonlySet<string>, parts: number): string[] | null {
  if (parts === 1) return word.length >= MIN_PART && printed.has(word) ? [word] : null;
  // Longest first part first, so "germanwings|activity" wins over a shorter reading.
  for (let cut = word.length - MIN_PART; cut >= MIN_PART; cut--) {
    const head = word.slice(0, cut);
    if (!printed.has(head)) continue;
    const rest = segmentInto(word.slice(cut), printed, parts - 1);
    if (rest) return [head, ...rest];
  }
  return null;
}
