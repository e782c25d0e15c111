import type { AnswerElement } from '../extractive-answer';
import { contentWords } from '../text-match';
import {
  type AnswerCandidate,
  type AnswerEvidence,
  type EvidencePage,
  citationAt,
  countAnswer,
  listAnswer,
} from './typed-answer';

// LIST and COUNT answers from the evidence's own lists: the list (or bullets) right under the heading, caption or
// lead sentence that names what the question asks for, continued onto the next page when the list runs on there.

/** The share of the question's words a heading must hold to name the list asked for. */
const ANCHOR_SHARE = 0.5;
/** A lead-in longer than this is a paragraph, not a heading or "… include:" line. */
const MAX_ANCHOR_CHARS = 240;
const FURNITURE = new Set(['page-header', 'page-footer']);
/** A list item's marker: a bullet, a dash, "1.", "a)", "(iv)". */
const ITEM_MARKER =
  /^\s*(?:[•◦▪▫■□●○◆◇►▶➢✓✔\u2022\u2023\u2043-]|[–—*·]\s|\(?\d{1,2}[.)]\s|\(?[a-zA-Z][.)]\s|\([ivx]{1,4}\)\s)\s*/;
/** Words of a question that ask for a list rather than name its subject. */
const ASKING = new Set([
  'list',
  'name',
  'enumerate',
  'all',
  'many',
  'number',
  'count',
  'item',
  'format',
  'please',
]);

interface Placed {
  element: AnswerElement;
  page: EvidencePage;
}

/** The items of a list element: one per marker line, wrapped lines joined to their item, markers dropped. */
export function listItems(text: string): string[] {
  const items: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (ITEM_MARKER.test(trimmed) || items.length === 0) items.push(trimmed.replace(ITEM_MARKER, '').trim());
    else items[items.length - 1] = `${items[items.length - 1]!} ${trimmed}`;
  }
  return items.filter((i) => i !== '');
}

/** The question's subject words ("What sensors does the rover carry?" → sensor, rover, carry). */
export function subjectWords(question: string): string[] {
  return [...new Set(contentWords(question).filter((w) => !ASKING.has(w)))];
}

export const share = (words: string[], text: string) => {
  if (words.length === 0) return 0;
  const present = new Set(contentWords(text));
  return words.filter((w) => present.has(w)).length / words.length;
};

/** The page's body elements (no running headers or footers), in reading order. */
const body = (page: EvidencePage) => page.elements.filter((e) => !FURNITURE.has(e.kind));

/** The list elements from `start` on: consecutive lists, continued at the top of the next page of the evidence. */
function gather(pages: EvidencePage[], page: EvidencePage, start: number): Placed[] {
  const out: Placed[] = [];
  let current: EvidencePage | undefined = page;
  let index = start;
  while (current) {
    const elements = body(current);
    while (index < elements.length && elements[index]!.kind === 'list')
      out.push({ element: elements[index++]!, page: current });
    // the list runs to the end of the page: it may go on at the top of the next page
    if (index < elements.length) break;
    const at: EvidencePage = current;
    current = pages.find((p) => p.docId === at.docId && p.pageNumber === at.pageNumber + 1);
    index = 0;
  }
  return out;
}

/** The anchor (heading, caption, lead line) that best names the question's subject and has a list right under it. */
function findList(evidence: AnswerEvidence): { anchor: Placed; items: Placed[]; share: number } | null {
  const words = subjectWords(evidence.question);
  let best: { anchor: Placed; items: Placed[]; share: number } | null = null;
  for (const page of evidence.pages) {
    const elements = body(page);
    elements.forEach((element, i) => {
      if (element.kind === 'list' || element.text.length > MAX_ANCHOR_CHARS) return;
      // the list starts right under it, or (the anchor ending its page) at the top of the next page
      if (elements[i + 1]?.kind !== 'list' && i !== elements.length - 1) return;
      const s = share(words, element.text);
      if (s < ANCHOR_SHARE || (best && s <= best.share)) return;
      const items = gather(evidence.pages, page, i + 1);
      if (items.length > 0) best = { anchor: { element, page }, items, share: s };
    });
  }
  return best;
}

const pageLabels = (placed: Placed[]) =>
  [...new Set(placed.map((p) => `p. ${p.element.pageNumber}`))].join(', ');

/** A LIST answer: the items of the list under the heading that names what the question asks for. */
export function listCandidate(evidence: AnswerEvidence): AnswerCandidate | null {
  if (evidence.kind !== 'LIST' && evidence.kind !== 'COUNT') return null;
  const found = findList(evidence);
  if (!found) return null;
  const items = found.items.flatMap((p) => listItems(p.element.text));
  if (items.length === 0) return null;
  const citations = found.items.map((p) => citationAt(p.page, p.element, p.element.text));
  const where = `${pageLabels(found.items)}, under "${found.anchor.element.text.trim()}"`;
  if (evidence.kind === 'COUNT') {
    const noun = /\bhow many\s+([\p{L}-]+)/iu.exec(evidence.question)?.[1]?.toLowerCase() ?? 'items';
    return {
      answer: countAnswer(
        items,
        `${items.length} ${noun}: ${items.join('; ')} [${pageLabels(found.items)}]`,
        noun,
      ),
      citations,
      analysis: `Counted the ${items.length} items of the list on ${where}.`,
    };
  }
  return {
    answer: listAnswer(items, `${items.join('; ')} [${pageLabels(found.items)}]`),
    citations,
    analysis: `The items of the list on ${where}.`,
  };
}
