import type { LayoutElement } from '../document/document-model';
import { printedPageMap } from '../document/page-labels';
import { countWord } from './answer/number-words';

// Pages a question names ("page 14", "Figure 3", "the cover") rank first when the search is scoped to one document.
// A number is read as both the printed and the PDF page number, since questions mean either; a range names none.
// Figures and tables are found by caption (cypher/retrieve/captioned-pages.cypher).

/** A page the question names: by number (printed or PDF), by position ("second page"), or the last one. */
export type PageReference = { number: number } | { position: number } | { last: true };

/** A page hit's reason, or its suffix, when the question names the page (by number, position or caption). */
export const NAMED_PAGE = 'named-page';
/** The same for a page that holds a financial statement the question names by title. */
export const NAMED_STATEMENT = 'named-statement';

/** At most this many pages are put first: the rest of the ranking still has room in a top 5. */
export const MAX_NAMED_PAGES = 4;

const POSITIONS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

const RANGE = /\b(?:pages?|slides?)\s+\d{1,5}\s*(?:-|–|to|through)\s*(?:(?:pages?|slides?)\s+)?\d{1,5}\b/gi;
/** "page 12", "pages 10 and 11", "page 15 and page 16", "slides 3, 4". */
const NUMBERED =
  /\b(?:pages?|slides?)\s+(\d{1,5}(?:\s*(?:,|and|&)\s*(?:(?:pages?|slides?)\s+)?\d{1,5})*)\b/gi;
/** "page fourteen", "slide twenty-one": a page number in words. */
const NUMBERED_IN_WORDS = /\b(?:page|slide)\s+([a-z]+(?:-[a-z]+)?)\b/gi;
const BY_POSITION = new RegExp(
  `\\b(${[...Object.keys(POSITIONS), 'last'].join('|')})\\s+(?:pages?|slides?)\\b`,
  'gi',
);
const COVER = /\b(?:on|in|of|at) the (front |back )?cover\b|\b(front |back )?cover page\b/gi;

export function pageReferencesOf(question: string): PageReference[] {
  const text = question.replace(RANGE, ' ');
  const refs: PageReference[] = [];
  for (const m of text.matchAll(NUMBERED))
    for (const n of m[1]!.match(/\d+/g) ?? []) refs.push({ number: Number(n) });
  for (const m of text.matchAll(NUMBERED_IN_WORDS)) {
    const n = countWord(m[1]!);
    if (n !== null && n > 0) refs.push({ number: n });
  }
  for (const m of text.matchAll(BY_POSITION)) {
    const word = m[1]!.toLowerCase();
    refs.push(word === 'last' ? { last: true } : { position: POSITIONS[word]! });
  }
  for (const m of text.matchAll(COVER))
    refs.push((m[1] ?? m[2])?.trim().toLowerCase() === 'back' ? { last: true } : { position: 1 });
  return refs;
}

/** A figure or table the question names, with the patterns its caption opens with. */
export interface CaptionLabel {
  /** "Figure 3", "Table 2": as the trace names it. */
  name: string;
  /** A numbered title: the label then a colon, full stop or dash ("Figure 3: Results", "Table 2. Sales"). */
  titled: string;
  /** Any text opening with the label. */
  opening: string;
}

const LABELLED = /\b(fig(?:ure)?s?\.?|tables?)\s+(\d{1,3})\b(?!\s*(?:-|–|to)\s*\d)/gi;

export function captionLabelsOf(question: string): CaptionLabel[] {
  const labels = new Map<string, CaptionLabel>();
  for (const m of question.matchAll(LABELLED)) {
    const figure = m[1]!.toLowerCase().startsWith('fig');
    const words = figure ? '(?:figure|fig\\.?)' : 'table';
    const name = `${figure ? 'Figure' : 'Table'} ${m[2]}`;
    labels.set(name, {
      name,
      titled: `(?is)\\s*${words}\\s*${m[2]}(?!\\d|\\.\\d)\\s*[:.|–—-].*`,
      opening: `(?is)\\s*${words}\\s*${m[2]}(?!\\d|\\.\\d).*`,
    });
  }
  return [...labels.values()];
}

const NAMES_CONTENTS = /\b(?:table of contents|contents (?:page|list)|list of contents)\b/i;
/** "Contents", "TABLE OF CONTENTS", or such a title opening the list itself ("Contents\n1 Scope … 3", "CONTENTS 2 …"). */
const CONTENTS_TITLE = String.raw`(?is)\s*(?:table\s+of\s+)?contents\s*[:.]?\s*(?:(?:\n|\d).*)?`;

/** The contents list, when the question names it ("the last chapters listed in the table of contents"). */
export function contentsLabelOf(question: string): CaptionLabel[] {
  return NAMES_CONTENTS.test(question)
    ? [{ name: 'contents', titled: CONTENTS_TITLE, opening: CONTENTS_TITLE }]
    : [];
}

/** What a document's pages are called: its page count and its running headers and footers (printed numbers). */
export interface DocumentPageNumbering {
  pageCount: number;
  furniture: ReadonlyArray<Pick<LayoutElement, 'kind' | 'text' | 'pageNumber'>>;
}

export interface NamedPage {
  pageNumber: number;
  /** The printed number the question gave, when it is not the PDF page number. */
  printed: number | null;
  /** The figure, table or statement the question named, when its caption or title is on this page. */
  label?: string;
}

/** The PDF pages the references name that the document has, the pages by printed number first. */
export function resolvePageReferences(refs: PageReference[], doc: DocumentPageNumbering): NamedPage[] {
  const printed = refs.some((r) => 'number' in r)
    ? printedPageMap(doc.furniture, doc.pageCount)
    : new Map<number, number>();
  const first: NamedPage[] = [];
  const then: NamedPage[] = [];
  for (const ref of refs) {
    if ('last' in ref) first.push({ pageNumber: doc.pageCount, printed: null });
    else if ('position' in ref) first.push({ pageNumber: ref.position, printed: null });
    else {
      const shown = printed.get(ref.number);
      if (shown !== undefined && shown !== ref.number) {
        first.push({ pageNumber: shown, printed: ref.number });
        then.push({ pageNumber: ref.number, printed: null });
      } else first.push({ pageNumber: ref.number, printed: null });
    }
  }
  return [...first, ...then].filter((p) => p.pageNumber >= 1 && p.pageNumber <= doc.pageCount);
}

/**
 * The pages named by number, then those holding the named figures, tables and statements (`byLabel`); once each, at
 * most MAX_NAMED_PAGES.
 */
export function mergeNamedPages(
  byNumber: NamedPage[],
  byLabel: Array<{ label: string; pageNumber: number }>,
): NamedPage[] {
  const seen = new Set<number>();
  return [...byNumber, ...byLabel.map((c) => ({ pageNumber: c.pageNumber, printed: null, label: c.label }))]
    .filter((p) => !seen.has(p.pageNumber) && seen.add(p.pageNumber))
    .slice(0, MAX_NAMED_PAGES);
}

/** How the trace names a page: "p. 12 (printed page 9)", "p. 8 (Figure 3)". */
export function namedPageLabel(page: NamedPage): string {
  const why = page.printed !== null ? `printed page ${page.printed}` : page.label;
  return why ? `p. ${page.pageNumber} (${why})` : `p. ${page.pageNumber}`;
}
