import { contentWords, coverage, sentences } from '../retrieve/text-match';
import type { AskResult, PageHit, SearchResult } from '../retrieve/retrieve.types';
import type { TypedAnswer } from '../retrieve/answer/typed-answer';

// How `folio search` and `folio ask` print for a person: the document's title beside its id, the sentence that
// matched shown whole, and a score only where it means something on its own.

/** Past this a sentence is cut around its first matching word (a table flattened into one "sentence"). */
const MAX_SNIPPET_CHARS = 320;
const MAX_TITLE_CHARS = 60;

export type TitleOf = (docId: string) => string | undefined;

/** The sentence of `text` that holds most of the query's words, whole when it fits, else cut around the match. */
export function matchedSentence(text: string, query: string, maxChars = MAX_SNIPPET_CHARS): string {
  const words = contentWords(query);
  const candidates = sentences(text).map((s) => s.replace(/\s+/g, ' '));
  if (candidates.length === 0) return clip(text.replace(/\s+/g, ' ').trim(), 0, maxChars);
  let best = candidates[0]!;
  let bestCoverage = -1;
  for (const s of candidates) {
    const c = coverage(words, s);
    if (c > bestCoverage) [best, bestCoverage] = [s, c];
  }
  if (best.length <= maxChars) return best;
  const lower = best.toLowerCase();
  const firstHit = Math.min(
    ...query
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w.length > 1)
      .map((w) => lower.indexOf(w))
      .filter((i) => i >= 0),
  );
  const start = Number.isFinite(firstHit) ? Math.max(0, firstHit - Math.floor(maxChars / 3)) : 0;
  return clip(best, start, maxChars);
}

function clip(text: string, start: number, maxChars: number): string {
  const end = Math.min(text.length, start + maxChars);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/**
 * A score a person can read: a cross-encoder's (or LLM judge's) relevance is 0–1 on its own; a fused or vector
 * score only orders the results, so the rank is what is shown.
 */
export function readableScore(page: PageHit, rank: number): string {
  return /\+(cross-encoder|llm-relevance)$/.test(page.reason)
    ? `relevance ${page.score.toFixed(2)}`
    : `rank ${rank}`;
}

export function docLabel(docId: string, titleOf: TitleOf): string {
  const title = titleOf(docId);
  if (!title) return docId;
  const short = title.length > MAX_TITLE_CHARS ? `${title.slice(0, MAX_TITLE_CHARS - 1)}…` : title;
  return `"${short}" (${docId})`;
}

export function formatSearch(result: SearchResult, query: string, titleOf: TitleOf): string {
  const lines = result.pages.map((p, i) => {
    // Across all the page's matched elements: the best sentence is not always in the top-scored one.
    const top = p.elements.length ? matchedSentence(p.elements.map((e) => e.text).join('\n'), query) : '';
    return (
      `${String(i + 1).padStart(2)}. ${docLabel(p.docId, titleOf)} p.${p.pageNumber}  ` +
      `${readableScore(p, i + 1)}  (${p.reason})\n      ${top}`
    );
  });
  const timing = result.timings.map((t) => `${t.stage} ${t.ms} ms`).join(', ');
  return `${lines.length ? lines.join('\n') : '(no pages matched)'}\n\n${result.strategy}${result.reranked ? ' + RERANK' : ''}: ${timing}`;
}

/** The answer's value lines under its sentence: "value: 4210 USD (millions) [NUMBER]", its items, its formula. */
function valueLines(answer: TypedAnswer, answerable: boolean): string[] {
  if (!answerable) return [];
  const lines: string[] = [];
  if (answer.kind !== 'TEXT' && answer.value !== null) {
    const scale = answer.scale && answer.scale !== 'units' ? ` (${answer.scale})` : '';
    lines.push(`   value: ${answer.value}${answer.unit ? ` ${answer.unit}` : ''}${scale} [${answer.kind}]`);
  }
  if (answer.items.length > 0)
    lines.push(`   items [${answer.kind}]:`, ...answer.items.map((i) => `     - ${i}`));
  if (answer.formula) lines.push(`   formula: ${answer.formula}`);
  return lines;
}

export function formatAnswer(result: AskResult, titleOf: TitleOf): string {
  const cites = result.citations.map(
    (c, i) =>
      `  [${i + 1}] ${docLabel(c.docId, titleOf)} page ${c.pageNumber}` +
      (c.bbox ? ` [${c.bbox.map((v) => Math.round(v)).join(', ')}]` : '') +
      (c.step !== null ? ` (evidence step ${c.step})` : '') +
      `: "${matchedSentence(c.quote, result.question)}"`,
  );
  const warn = result.warnings.map((w) => `warning: ${w}`);
  return [
    `Q: ${result.question}`,
    `A: ${result.answer.text}`,
    ...valueLines(result.answer, result.answerable),
    '',
    `Cited pages (${result.mode} answer):`,
    ...(cites.length ? cites : ['  (none)']),
    ...warn,
  ].join('\n');
}

/** The documents a search or an answer names, for titles (one read for all of them). */
export function docIdsOf(result: SearchResult | AskResult): string[] {
  const pages = 'citations' in result ? [...result.citations, ...result.search.pages] : result.pages;
  return [...new Set(pages.map((p) => p.docId))];
}
