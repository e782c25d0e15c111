import type { AnswerElement } from '../extractive-answer';
import { sentences } from '../text-match';
import {
  type AskedCount,
  askedCount,
  askedSlice,
  bulletLines,
  distinct,
  enumeration,
  listItems,
  listOrCount,
  namesThings,
  paragraphTitle,
  series,
  share,
  subjectWords,
} from './list-items';
import { labelAgreement, numberedLabels } from './numbered-labels';
import { countedPhrase } from './stated-count';
import { type AnswerCandidate, type AnswerEvidence, type EvidencePage, citationAt } from './typed-answer';

// LIST and COUNT answers from the evidence's own lists: the list (or bullet lines) under the heading, caption or
// lead sentence that names what the question asks for, continued onto the next page when it runs on there; else an
// enumeration written in a sentence that names it ("… in five segments: A, B, C, D and E").

export { listItems, share, subjectWords };

/** The share of the question's subject words an anchor (heading and lead line) must hold to name the list. */
const ANCHOR_SHARE = 0.5;
/** The share an enumerating sentence must hold: it names its subject in the same breath, so more is asked. */
const ENUMERATION_SHARE = 0.6;
/** A lead-in longer than this is a paragraph, not a heading or "… include:" line (its last sentence may lead). */
const MAX_ANCHOR_CHARS = 240;
const FURNITURE = new Set(['page-header', 'page-footer']);

interface Placed {
  element: AnswerElement;
  page: EvidencePage;
  items: string[];
}

interface Found {
  anchor: string;
  parts: Placed[];
  share: number;
}

/** The page's body elements (no running headers or footers), in reading order. */
const body = (page: EvidencePage) => page.elements.filter((e) => !FURNITURE.has(e.kind));

/** The items of a list-like element: a list, or a paragraph of bullet lines; none for anything else. */
function itemsOf(element: AnswerElement): string[] {
  if (element.kind === 'list') return listItems(element.text);
  if (element.kind === 'paragraph') return bulletLines(element.text);
  return [];
}

/** The title of a paragraph in a run of titled paragraphs, as the one item it adds; none for anything else. */
function titleItems(element: AnswerElement): string[] {
  const title = element.kind === 'paragraph' ? paragraphTitle(element.text) : null;
  return title ? [title] : [];
}

/** Whether a list, or a run of titled paragraphs, starts at elements[i]. */
const startsList = (elements: AnswerElement[], i: number) =>
  itemsOf(elements[i]!).length > 0 ||
  (titleItems(elements[i]!).length > 0 && titleItems(elements[i + 1] ?? elements[i]!).length > 0);

/** A lead paragraph whose sentences after the first open with a title: the lead sentence and that first item. */
function openingItem(element: AnswerElement): { lead: string; title: string } | null {
  if (element.kind !== 'paragraph') return null;
  const [lead, ...rest] = sentences(element.text);
  const title = rest.length > 0 ? paragraphTitle(rest.join(' ')) : null;
  return lead && title ? { lead, title } : null;
}

/** What an element says as an anchor: a heading or caption whole, a paragraph by its last sentence ("… include:"). */
function anchorText(element: AnswerElement): string {
  if (element.text.length <= MAX_ANCHOR_CHARS) return element.text;
  return sentences(element.text).pop()?.slice(-MAX_ANCHOR_CHARS) ?? '';
}

/**
 * The list-like elements from `start` on, continued at the top of the next page of the evidence: consecutive lists,
 * or consecutive titled paragraphs (two at least), whichever starts there.
 */
function gather(pages: EvidencePage[], page: EvidencePage, start: number): Placed[] {
  const first = body(page)[start];
  const read = first && itemsOf(first).length === 0 ? titleItems : itemsOf;
  const out: Placed[] = [];
  let current: EvidencePage | undefined = page;
  let index = start;
  while (current) {
    const elements = body(current);
    while (index < elements.length) {
      const items = read(elements[index]!);
      if (items.length === 0) break;
      out.push({ element: elements[index++]!, page: current, items });
    }
    // the list runs to the end of the page: it may go on at the top of the next page
    if (index < elements.length) break;
    const at: EvidencePage = current;
    current = pages.find((p) => p.docId === at.docId && p.pageNumber === at.pageNumber + 1);
    index = 0;
  }
  return read === titleItems && out.length < 2 ? [] : out;
}

/** A found list beats another by naming more of the subject; at equal naming, by holding the count asked for. */
function better(a: Found, b: Found | null, asked: AskedCount | null): boolean {
  if (!b) return true;
  if (a.share !== b.share) return a.share > b.share;
  const size = (f: Found) => f.parts.flatMap((p) => p.items).length;
  return asked !== null && size(a) === asked.n && size(b) !== asked.n;
}

/** The list under the anchor (its element and the heading above it) that best names the question's subject. */
function findList(evidence: AnswerEvidence, words: string[], asked: AskedCount | null): Found | null {
  const labels = numberedLabels(evidence.question);
  let best: Found | null = null;
  for (const page of evidence.pages) {
    const elements = body(page);
    elements.forEach((element, i) => {
      if (itemsOf(element).length > 0 || titleItems(element).length > 0) return;
      // the list starts right under it, or (the anchor ending its page) at the top of the next page
      if (i < elements.length - 1 && !startsList(elements, i + 1)) return;
      const above = elements[i - 1];
      const heading = above && above.kind === 'heading' && element.kind !== 'heading' ? `${above.text} ` : '';
      const opening = openingItem(element);
      const anchor = `${heading}${opening?.lead ?? anchorText(element)}`.trim();
      const s = share(words, anchor);
      if (s < ANCHOR_SHARE || labelAgreement(labels, anchor) === 'other') return;
      const parts = gather(evidence.pages, page, i + 1).filter((p) => namesThings(p.items));
      // "The five questions we ask: Is it safe?It was …" opens the run of titled paragraphs inside its lead
      if (opening && parts[0] && itemsOf(parts[0].element).length === 0)
        parts.unshift({ element, page, items: [opening.title] });
      const found = { anchor, parts, share: s };
      if (parts.length > 0 && better(found, best, asked)) best = found;
    });
  }
  return best;
}

/**
 * An enumeration written in a sentence that names the question's subject; the best-naming one in evidence order. A
 * series cued by a mere preposition ("teams in A, B and C") is read only when no cued enumeration answers.
 */
function findEnumeration(evidence: AnswerEvidence, words: string[], asked: AskedCount | null): Found | null {
  return findInline(evidence, words, asked, enumeration) ?? findInline(evidence, words, asked, series);
}

function findInline(
  evidence: AnswerEvidence,
  words: string[],
  asked: AskedCount | null,
  read: typeof enumeration,
): Found | null {
  const labels = numberedLabels(evidence.question);
  let best: Found | null = null;
  for (const page of evidence.pages) {
    for (const element of body(page)) {
      if (element.kind !== 'paragraph' && element.kind !== 'list') continue;
      // a sentence's series may name its subject in the paragraph around it ("We are the largest provider. …
      // The company has teams in A, B and C."): the lead must name some of it, the paragraph enough of it
      const context = share(words, element.text);
      for (const sentence of sentences(element.text)) {
        const min = asked?.n === 2 ? 2 : 3;
        const found = read(sentence, min);
        if (!found) continue;
        const s = share(words, found.lead);
        if (s < ENUMERATION_SHARE && (s === 0 || context < ENUMERATION_SHARE)) continue;
        if (labelAgreement(labels, found.lead) === 'other') continue;
        const candidate = { anchor: found.lead, parts: [{ element, page, items: found.items }], share: s };
        if (better(candidate, best, asked)) best = candidate;
      }
    }
  }
  return best;
}

const pageLabels = (placed: Placed[]) =>
  [...new Set(placed.map((p) => `p. ${p.element.pageNumber}`))].join(', ');

/** A LIST (or COUNT) answer: the items of the list the question names, cited element by element, in evidence order. */
export function listCandidate(evidence: AnswerEvidence): AnswerCandidate | null {
  if (evidence.kind !== 'LIST' && evidence.kind !== 'COUNT') return null;
  const words = subjectWords(evidence.question);
  const asked = askedCount(evidence.question);
  const list = findList(evidence, words, asked);
  // a count is read from a list's items; an enumerating sentence usually states its count itself
  const inline = evidence.kind === 'LIST' ? findEnumeration(evidence, words, asked) : null;
  const found = list && (!inline || list.share >= inline.share) ? list : inline;
  if (!found) return null;
  const items = askedSlice(distinct(found.parts.flatMap((p) => p.items)), asked);
  if (items.length === 0) return null;
  const citations = found.parts.map((p) => citationAt(p.page, p.element, p.element.text));
  const how = found === list ? 'the items of the list' : 'the items enumerated';
  const pages = pageLabels(found.parts);
  const where = `${pages}, under "${found.anchor}"`;
  const noun = countedPhrase(evidence.question)?.phrase ?? 'items';
  return {
    answer: listOrCount(evidence.kind, items, pages, noun),
    citations,
    analysis:
      evidence.kind === 'COUNT'
        ? `Counted ${how} on ${where} (${items.length}).`
        : `The answer is ${how} on ${where}.`,
  };
}
