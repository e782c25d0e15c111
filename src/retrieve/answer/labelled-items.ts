import { sameNoun, sentences } from '../text-match';
import { type QuotedItem, quotedCount } from './list-items';
import { countedNoun } from './stated-count';
import type { CandidateSource, EvidencePage } from './typed-answer';

// "How many case studies are assigned?" is answered by the items that open with the counted noun: "Quiz #3 – …",
// "Case Study: Uber …", "Lab 2. …". Each distinct item counts once, however often the evidence repeats it (a course
// plan lists a quiz in its week and again in its summary): a numbered item by its number, another by its title.

/** Bullets and numbering before an item's words ("• ", "o ", "3. "). */
const ITEM_MARKER = /^(?:[•●▪◦○■□►*–—-]+\s*|o\s+|\d{1,2}[.)]\s+)/u;
/** The number or letter an item carries after its noun ("#3", "No. 2", "IV", "B"). */
const ITEM_LABEL = /^\s*(?:#|no\.\s*)?\s*(\d{1,3}[a-z]?|[IVX]{1,4}|[A-Z])(?=[\s:.)–—-]|$)/u;
/** What separates an unnumbered item's noun from its title ("Case Study – Uber", "Lab: Titration"). */
const TITLE_AFTER = /^\s*[:–—-]+\s*(\p{L}.*)$/u;
/** Words of a title that tell two items apart; the rest of a long title may be cut where a line breaks. */
const TITLE_WORDS = 3;
/** Fewer items than this is no count: one mention of the noun is as likely a heading as an item. */
const MIN_ITEMS = 2;
/**
 * Nouns that label the document's own parts: "Figure 3" on an evidence page is one of many the document holds, so
 * counting them is the document graph's job (structure-count), not the evidence's.
 */
const PART_NOUNS =
  /^(?:pages?|figures?|fig|tables?|charts?|sections?|chapters?|appendix|appendices|equations?|footnotes?|notes?)$/i;

interface Item extends QuotedItem {
  key: string;
  numbered: boolean;
}

const words = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? [];

/** The item a line or sentence opens, when it opens with the counted phrase and a label or a title after it. */
function itemOf(segment: string, phrase: string[]): { key: string; text: string; numbered: boolean } | null {
  const text = segment.replace(ITEM_MARKER, '').trim();
  const opening = words(text).slice(0, phrase.length);
  if (opening.length < phrase.length || !opening.every((w, i) => sameNoun(w, phrase[i]!))) return null;
  const rest = text.slice(text.indexOf(opening.at(-1)!) + opening.at(-1)!.length);
  const label = ITEM_LABEL.exec(rest);
  if (label) return { key: `#${label[1]!.toLowerCase()}`, text, numbered: true };
  const title = TITLE_AFTER.exec(rest)?.[1];
  if (!title) return null;
  return { key: words(title).slice(0, TITLE_WORDS).join(' ').toLowerCase(), text, numbered: false };
}

/** Two keys name one item when one title's words begin the other's (a title cut where its line broke). */
const sameItem = (a: string, b: string) => `${a} `.startsWith(`${b} `) || `${b} `.startsWith(`${a} `);

/** The distinct items the evidence opens with the counted phrase, in evidence order. */
export function labelledItems(pages: EvidencePage[], phrase: string[]): Item[] {
  const found = new Map<string, Item>();
  for (const page of pages) {
    for (const element of page.elements) {
      if (element.kind === 'page-header' || element.kind === 'page-footer') continue;
      for (const segment of sentences(element.text)) {
        const item = itemOf(segment, phrase);
        if (item && ![...found.keys()].some((key) => sameItem(key, item.key)))
          found.set(item.key, { ...item, page, element });
      }
    }
  }
  const items = [...found.values()];
  // numbered items are the document's own count: a title printed with the noun is then a heading or a mention
  return items.some((i) => i.numbered) ? items.filter((i) => i.numbered) : items;
}

/** A COUNT of the items the evidence labels with the noun the question counts. */
export const labelledItemsSource: CandidateSource = (evidence) => {
  if (evidence.kind !== 'COUNT') return null;
  const noun = countedNoun(evidence.question);
  if (!noun || PART_NOUNS.test(noun.printed)) return null;
  const items = labelledItems(evidence.pages, noun.phrase.split(' '));
  if (items.length < MIN_ITEMS) return null;
  return quotedCount(items, noun.phrase, `the distinct items opening with "${noun.phrase}"`);
};
