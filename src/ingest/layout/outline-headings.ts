// Which headings open sections, at which level, and which may hold others: font size gives a first level, then
// the cover, captions, contents pages, repeated headings and an SEC form's Part/Item numbering correct it.
import type { LayoutElement } from '../../document/document-model';

export interface OutlineHeading {
  heading: LayoutElement;
  /** The heading's text, with an item label set apart on its line ("Item 1." + "Financial Statements"). */
  title: string;
  level: number;
  /** False for a heading that titles the document or lists it (a contents page): it ends at the next heading. */
  canParent: boolean;
}

/** The front of a document, where its title and cover lines are: the first 20 % of its pages, at least two. */
const FRONT_FRACTION = 0.2;
const FRONT_MIN_PAGES = 2;

const CONTENTS = /^(table of contents|contents|index)$/i;
const PART = /^part\s+([IVX]+|\d+)\b/i;
/** "Item 7. Management's …": an item label before a capitalised title (no `i` flag: it lets \p{Lu} match any letter). */
const ITEM = /^(?:ITEM|[Ii]tem)\s+\d{1,2}[A-Ca-c]?\s*[.:—–-]?\s+\p{Lu}/u;
const SIGNATURES = /^signatures?$/i;
const ITEM_LABEL = /^item\s+\d{1,2}[A-C]?\.?$/i;

const plain = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export const isContentsHeading = (text: string): boolean => CONTENTS.test(text.trim().replace(/[:.]$/, ''));

/**
 * The headings that title the document rather than open a section: on its front pages, at a level no later
 * heading reaches, with at least two headings after them. Nested by font size they would become every section's
 * ancestor (a report's title over all its chapters, a cover's address over an 8-K).
 */
function titleHeadings(headings: OutlineHeading[], pageCount: number): Set<OutlineHeading> {
  const front = Math.max(FRONT_MIN_PAGES, Math.ceil(FRONT_FRACTION * pageCount));
  const titles = new Set<OutlineHeading>();
  let highestLater = Number.POSITIVE_INFINITY;
  for (let i = headings.length - 1; i >= 0; i--) {
    const h = headings[i]!;
    if (h.heading.pageNumber <= front && headings.length - 1 - i >= 2 && highestLater > h.level)
      titles.add(h);
    highestLater = Math.min(highestLater, h.level);
  }
  return titles;
}

/** The element after each element on its page, skipping running headers and footers. */
function nextOnPage(elements: LayoutElement[]): Map<LayoutElement, LayoutElement> {
  const next = new Map<LayoutElement, LayoutElement>();
  const body = elements.filter((e) => e.kind !== 'page-header' && e.kind !== 'page-footer');
  body.forEach((e, i) => {
    const after = body[i + 1];
    if (after && after.pageNumber === e.pageNumber) next.set(e, after);
  });
  return next;
}

/** "Item 1." set in a column of its own left of the heading on the same line, or null. */
function itemLabel(heading: LayoutElement, page: LayoutElement[]): string | null {
  const [left, top, , bottom] = heading.bbox;
  const label = page.find(
    (e) =>
      e !== heading &&
      ITEM_LABEL.test(e.text.trim()) &&
      e.bbox[2] <= left + 1 &&
      Math.min(bottom, e.bbox[3]) - Math.max(top, e.bbox[1]) > 0.5 * (bottom - top),
  );
  return label ? label.text.trim() : null;
}

/**
 * A heading that names a chart, figure or table (linked as its title, or set right above its caption line). The
 * first thing on its page is the page's (or slide's) own title, whatever follows it.
 */
function titlesAFloat(
  heading: LayoutElement,
  next: LayoutElement | undefined,
  firstOnPage: boolean,
): boolean {
  if (firstOnPage) return false;
  if (heading.captionOf !== null) return true;
  return next?.kind === 'caption';
}

/**
 * An SEC form (10-K, 10-Q) is organised by Part and Item: those are its top two levels and every other heading
 * sits inside an Item; the cover lines before the first Part, Item or contents heading open no section.
 */
function applyFormScheme(headings: OutlineHeading[]): OutlineHeading[] {
  const items = headings.filter((h) => ITEM.test(h.title)).length;
  const parts = headings.filter((h) => PART.test(h.title)).length;
  if (items < 2 || parts < 1) return headings;
  const first = headings.findIndex((h) => {
    const text = h.title;
    return PART.test(text) || ITEM.test(text) || isContentsHeading(text);
  });
  return headings.slice(Math.max(0, first)).map((h) => {
    const text = h.title;
    if (PART.test(text) || isContentsHeading(text) || SIGNATURES.test(text)) return { ...h, level: 1 };
    if (ITEM.test(text)) return { ...h, level: 2 };
    return { ...h, level: Math.max(3, h.level) };
  });
}

/**
 * The headings that open sections, in reading order. `coverKeys` are the elements the document title was read
 * from (they title the document, not a section). Dropped: float titles, a subtitle right under a title heading,
 * and a heading that repeats the one before it (a slide or page "continued" under the same title).
 */
export function outlineHeadings(
  elements: LayoutElement[],
  pageCount: number,
  coverKeys: ReadonlySet<string> = new Set(),
): OutlineHeading[] {
  const next = nextOnPage(elements);
  const byPage = new Map<number, LayoutElement[]>();
  const first = new Map<number, LayoutElement>();
  for (const e of elements) {
    byPage.set(e.pageNumber, [...(byPage.get(e.pageNumber) ?? []), e]);
    if (!first.has(e.pageNumber) && e.kind !== 'page-header' && e.kind !== 'page-footer')
      first.set(e.pageNumber, e);
  }
  let headings: OutlineHeading[] = [];
  let previous: string | null = null;
  let contentsPage: number | null = null;
  // A document whose only headings are its cover's (one slide, one page) keeps them as its outline.
  const onlyCover = elements.every((e) => e.kind !== 'heading' || !e.text.trim() || coverKeys.has(e.key));
  for (const e of elements) {
    if (e.kind !== 'heading' || !e.text.trim() || (coverKeys.has(e.key) && !onlyCover)) continue;
    // The lines a contents page lists under its heading are links to sections, not sections.
    const firstOnPage = first.get(e.pageNumber) === e;
    if (e.pageNumber === contentsPage || titlesAFloat(e, next.get(e), firstOnPage)) continue;
    const text = e.text.replace(/\s+/g, ' ').trim();
    const label = ITEM_LABEL.test(text) ? null : itemLabel(e, byPage.get(e.pageNumber) ?? []);
    const title = label ? `${label} ${text}` : text;
    if (plain(title) === previous) continue;
    previous = plain(title);
    headings.push({ heading: e, title, level: e.headingLevel ?? 1, canParent: true });
    if (isContentsHeading(text)) contentsPage = e.pageNumber;
  }
  headings = applyFormScheme(headings);
  const titles = titleHeadings(headings, pageCount);
  const subtitles = new Set<OutlineHeading>();
  headings.forEach((h, i) => {
    const after = headings[i + 1];
    if (titles.has(h) && after && next.get(h.heading) === after.heading && after.level > h.level)
      subtitles.add(after);
  });
  return headings
    .filter((h) => !subtitles.has(h))
    .map((h) => (titles.has(h) || isContentsHeading(h.title) ? { ...h, canParent: false } : h));
}
