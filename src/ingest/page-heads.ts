import type { CountTokens } from './layout/text';
import { runningHeadersByPage, type UnitSourceElement } from './retrieval-units';

/**
 * Tokens of a page's head embedded as its head vector (`Page.headEmbedding`): its running header, title and first
 * lines say what the page is about. VECTOR adds the question's similarity to it to the page's best unit; measured
 * on the dev questions, the first 60 words did as well as the first 512 tokens (docs/measurements.md, "Page heads").
 */
export const PAGE_HEAD_TOKENS = 80;

/** The first `maxTokens` tokens of `text`, whitespace collapsed, cut between words ('' for no text). */
export function pageHeadText(text: string, countTokens: CountTokens, maxTokens = PAGE_HEAD_TOKENS): string {
  const words = text.split(/\s+/).filter(Boolean);
  // Every word is at least one token: the head is among the first maxTokens words. Binary search on the count.
  let [lo, hi] = [0, Math.min(words.length, maxTokens)];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (countTokens(words.slice(0, mid).join(' ')) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  return words.slice(0, lo).join(' ');
}

/**
 * The heads of the pages that have text, to embed: the page's running header (as every unit of the page carries it:
 * on a filing's statement pages the only line naming the company) then its text, up to PAGE_HEAD_TOKENS.
 */
export function pageHeads(
  pages: ReadonlyArray<{ number: number; text: string }>,
  elements: UnitSourceElement[],
  countTokens: CountTokens,
): Array<{ pageNumber: number; text: string }> {
  const headers = runningHeadersByPage(elements);
  return pages
    .map((p) => ({
      pageNumber: p.number,
      text: pageHeadText(`${headers.get(p.number) ?? ''}\n${p.text}`, countTokens),
    }))
    .filter((h) => h.text.length > 0);
}
