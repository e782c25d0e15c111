import { escapeRegExp } from '../../common/reg-exp';
import type { DocumentPageText } from '../answerability';
import { printedPageMap } from '../../document/page-labels';
import { type DocumentPageNumbering, type PageReference, pageReferencesOf } from '../named-pages';
import { listAnswer } from './typed-answer';
import type { DocumentAnswer } from './whole-document-answers';
import { lookupFormAsked } from './span-source';

// "On which pages is Annex B-7 mentioned?", "List all the pages where the word 'warranty' appears": the
// answer is every page of the document that prints the named thing, which no top-k of pages can hold. The thing is
// named exactly (a quoted phrase, a code such as "B-7", or a proper name), so the pages are found by
// looking the phrase up in the document's own text. Pure; the pages' text comes from the graph.

/** The question asks for pages ("which pages", "list the pages", "how many times … list the pages"). */
const ASKS_FOR_PAGES =
  /\b(?:which|what|list|tell me|name|give)\b[^?.]{0,30}\bpages?\b|\bon (?:which|what) pages?\b|\bpages? (?:on which|where|that|in which)\b/i;
const MENTIONED =
  /\b(?:mention(?:s|ed)?|appear(?:s|ed)?|occur(?:s|red)?|cited|referred to|referenced|print(?:s|ed)?|written|show(?:s|n)?|contain(?:s|ed)?)\b/i;
const QUOTED = /["“'‘]([^"”'’]{2,60})["”'’]/;
/** A name with a code or a capitalised run: "Annex B-7", "Form 10-K", "Harbour Trust". */
const NAMED =
  /\b((?:[A-Z][\p{L}]*\s+)?[A-Z]{1,4}-?\d[\w.-]*|[A-Z][\p{L}'’]+(?:\s+(?:of\s+)?[A-Z][\p{L}'’]+)+)\b/u;
/** Capitalised words a question opens with or asks with, never the thing named. */
const ASKING_CAPS = /^(?:How|Which|What|List|Tell|Name|Give|On|In|Please|Where|Page|Pages|The|Your|Answer)$/;

/** How the question wants each page written, from its own example ("e.g., ["p1","p2"]", "like ['Page 2']"). */
export type PageLabelForm = (page: number) => string;

export interface PagesAsked {
  /** What is looked up, as the answer names it: the phrase in quotes ("Annex B-7"), or the form ("a web link"). */
  described: string;
  /** How a page prints it. */
  pattern: RegExp;
  label: PageLabelForm;
}

/** The example list a question gives for its answer's form: "for example ["Page 17", "Page 18"]". */
export function exampleForm(question: string): PageLabelForm {
  const example = /(?:e\.g\.|for example|such as|like)[,:]?\s*\[\s*["']?([^\],"']*?)\d+["']?\s*[,\]]/i.exec(
    question,
  );
  const prefix = example?.[1] ?? '';
  return (page) => `${prefix}${page}`;
}

/** The phrase whose pages the question asks for; null when it asks for no pages or names nothing exactly. */
export function pagesAsked(question: string): PagesAsked | null {
  const q = question.replace(/\s+/g, ' ');
  if (!ASKS_FOR_PAGES.test(q)) return null;
  if (!MENTIONED.test(q)) return null;
  // the example of the answer's form is no part of what is asked
  const asked = q.replace(/(?:e\.g\.|for example|such as|like)[,:]?\s*\[[^\]]*\]/gi, '');
  const quoted = QUOTED.exec(asked)?.[1];
  const form = quoted ? null : lookupFormAsked(asked);
  if (form)
    return {
      described: `${/^[aeiou]/.test(form.what) ? 'an' : 'a'} ${form.what}`,
      pattern: form.value,
      label: exampleForm(q),
    };
  const named = quoted ?? namedPhrase(asked);
  if (!named) return null;
  return { described: `"${named.trim()}"`, pattern: phrasePattern(named.trim()), label: exampleForm(q) };
}

function namedPhrase(question: string): string | null {
  for (const m of question.matchAll(new RegExp(NAMED.source, 'gu'))) {
    const words = m[1]!.split(' ').filter((w, i) => i > 0 || !ASKING_CAPS.test(w));
    // a code names the thing alone: its class word may be plural or shared ("Annexes B-6 and B-7")
    const code = words.find((w) => /\d/.test(w) && /\p{L}/u.test(w));
    if (code) return code;
    if (words.length > 0 && words.some((w) => /\p{Lu}/u.test(w))) return words.join(' ');
  }
  return null;
}

/** A phrase as a pattern: its words in order, any spacing, not inside a longer word or code ("B-1" ≠ "B-17"). */
export function phrasePattern(phrase: string): RegExp {
  const words = phrase.split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}-])${words}(?![\\p{N}]|-\\p{N}|\\p{L})`, 'iu');
}

/** A phrase as its pattern; a pattern as it is. */
export const patternOf = (phrase: string | RegExp): RegExp =>
  typeof phrase === 'string' ? phrasePattern(phrase) : phrase;

/** The pages (ascending) whose text prints the phrase (or matches the pattern). */
export function pagesMentioning(pages: readonly DocumentPageText[], phrase: string | RegExp): number[] {
  const pattern = patternOf(phrase);
  return [...new Set(pages.filter((p) => pattern.test(p.text)).map((p) => p.pageNumber))].sort(
    (a, b) => a - b,
  );
}

/** "How many times does 'Harbour Trust' appear on page 4?": the phrase and the pages the count is limited to. */
export interface TimesAsked {
  phrase: string;
  /** The pages the question names; empty: the whole document. */
  pages: PageReference[];
}

const TIMES_SUBJECT =
  /\bhow many times (?:does|do|did|is|are|was|were|has|have) (?:the (?:word|term|name|phrase) )?(.+?) (?:appear|occur|get|show|printed|mentioned|used|written|cited|referred)/i;

/** The phrase whose occurrences the question counts; null when it counts anything else or names nothing exactly. */
export function timesAsked(question: string): TimesAsked | null {
  const q = question.replace(/\s+/g, ' ');
  const subject = TIMES_SUBJECT.exec(q)?.[1];
  if (!subject) return null;
  const phrase = QUOTED.exec(subject)?.[1] ?? namedPhrase(` ${subject}`);
  return phrase ? { phrase: phrase.trim(), pages: pageReferencesOf(q) } : null;
}

/** How often each page prints the phrase (pages that print it, ascending). */
export function occurrencesOf(
  pages: readonly DocumentPageText[],
  phrase: string,
): Array<{ pageNumber: number; count: number }> {
  const pattern = new RegExp(phrasePattern(phrase).source, 'giu');
  return pages
    .map((p) => ({ pageNumber: p.pageNumber, count: p.text.match(pattern)?.length ?? 0 }))
    .filter((p) => p.count > 0)
    .sort((a, b) => a.pageNumber - b.pageNumber);
}

/** PDF page number → the number printed on it, for the pages of a document's consistent printed numbering. */
function printedNumbers(numbering: DocumentPageNumbering | null): Map<number, number> {
  if (!numbering) return new Map();
  return new Map(
    [...printedPageMap(numbering.furniture, numbering.pageCount)].map(([shown, pdf]) => [pdf, shown]),
  );
}

/**
 * The pages that print what is asked, as the answer without its citations: named by the numbers printed on them
 * (as "page 9" in a question is read, named-pages.ts), the PDF pages beside when they differ.
 */
export function mentionsAnswer(
  asked: PagesAsked,
  pages: number[],
  numbering: DocumentPageNumbering | null,
): Omit<DocumentAnswer, 'citations'> {
  const printed = printedNumbers(numbering);
  const shown = pages.map((n) => printed.get(n) ?? n);
  const renumbered = shown.some((n, i) => n !== pages[i]);
  const where = `${pages.length === 1 ? 'page' : 'pages'} ${shown.join(', ')}`;
  return {
    answer: listAnswer(
      shown.map(asked.label),
      `${asked.described} appears on ${renumbered ? `printed ${where} (PDF ${pages.join(', ')})` : where}`,
    ),
    answerable: true,
    mode: 'graph',
    format: 'List',
    analysis: `Looked ${asked.described} up in every page's text of the document: ${pages.length === 1 ? '1 page prints' : `${pages.length} pages print`} it.`,
  };
}
