// The naive baseline's retrieval units: each page's plain text cut into consecutive windows of at most a token
// budget, no overlap, never crossing a page — the simplest passage scheme a RAG tutorial would use.

/** Tokens a text takes for the embedder, special tokens included (Embedder.countTokens). */
export type CountTokens = (text: string) => number;

export interface PageText {
  pageNumber: number;
  text: string;
}

export interface PageWindow {
  pageNumber: number;
  /** Position of the window on its page, from 0. */
  order: number;
  text: string;
}

/** Cuts one word longer than the budget into the longest character runs that fit. */
function splitLongWord(word: string, countTokens: CountTokens, budget: number): string[] {
  const chars = Array.from(word);
  const pieces: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let lo = start + 1;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (countTokens(chars.slice(start, mid).join('')) <= budget) lo = mid;
      else hi = mid - 1;
    }
    pieces.push(chars.slice(start, lo).join(''));
    start = lo;
  }
  return pieces;
}

/**
 * Consecutive windows of at most `budget` tokens over one text's words (joined by single spaces), in order, no
 * overlap. Words are added while the sum of their own token counts fits (WordPiece counts add up over
 * whitespace-separated words, so one tokenizer call per word suffices); each window is then counted whole and
 * shortened if the sum was optimistic, so the budget holds for any tokenizer.
 */
export function textWindows(text: string, countTokens: CountTokens, budget: number): string[] {
  const overhead = countTokens('');
  if (budget <= overhead)
    throw new RangeError(`window budget ${budget} leaves no room beside ${overhead} special tokens`);
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const cost = words.map((w) => Math.max(1, countTokens(w) - overhead));
  const windows: string[] = [];
  let start = 0;
  while (start < words.length) {
    let end = start + 1;
    let estimate = overhead + cost[start]!;
    while (end < words.length && estimate + cost[end]! <= budget) estimate += cost[end++]!;
    let window = words.slice(start, end).join(' ');
    while (end - start > 1 && countTokens(window) > budget) window = words.slice(start, --end).join(' ');
    if (countTokens(window) > budget) windows.push(...splitLongWord(window, countTokens, budget));
    else windows.push(window);
    start = end;
  }
  return windows;
}

/** Every page's windows, page by page: a window never holds text of two pages. */
export function pageWindows(pages: PageText[], countTokens: CountTokens, budget: number): PageWindow[] {
  return pages.flatMap((page) =>
    textWindows(page.text, countTokens, budget).map((text, order) => ({
      pageNumber: page.pageNumber,
      order,
      text,
    })),
  );
}
