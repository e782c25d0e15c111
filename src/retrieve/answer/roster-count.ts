import { escapeRegExp } from '../../common/reg-exp';
import { type QuotedItem, quotedCount } from './list-items';
import { PERSON } from './person-name';
import { countedNoun } from './stated-count';
import type { CandidateSource, EvidencePage } from './typed-answer';

// "How many of the authors are from Lakeside University?" is answered by a roster — "Ann Reyes, Lakeside University
// Tom Baker, Harbour Institute …" — counted by the entries that name the organisation after a person's name.

/** A capitalised name of several words, "of"/"and"/"for"/"the" allowed inside ("University of Washington"). */
const NAME = String.raw`\p{Lu}[\p{L}.&'’-]*(?:\s+(?:(?:of|and|for|the|de)\s+)?\p{Lu}[\p{L}.&'’-]*)*`;
/** The organisation a "how many … from/at/of <Name>" question asks about. */
const ASKED_ORGANISATION = new RegExp(String.raw`\b(?:from|at|with|of)\s+(?:the\s+)?(${NAME})`, 'gu');
/**
 * A roster entry: a person's name, a comma, the organisation, then the entry's end — the next entry's name, a line
 * break or the element's end (so "Lakeside University Press" is not an entry of Lakeside University).
 */
const entryPattern = (organisation: string) =>
  new RegExp(String.raw`${PERSON},\s+${escapeRegExp(organisation)}(?=\s*$|\s*[\n;]|\s+${PERSON},)`, 'gu');
/** Entries of any organisation: an element is a roster when it holds several. */
const ANY_ENTRY = new RegExp(String.raw`${PERSON},\s+\p{Lu}`, 'gu');
const MIN_ROSTER_ENTRIES = 3;

/** The organisation the question counts people of: the longest capitalised name after from/at/with/of. */
export function askedOrganisation(question: string): string | null {
  const names = [...question.matchAll(ASKED_ORGANISATION)].map((m) => m[1]!);
  // a single capitalised word may be the first word of a sentence-cased phrase; an organisation has two or more
  const organisations = names.filter((n) => n.split(/\s+/).length >= 2);
  return organisations.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** The roster entries of `organisation` in the evidence, in order. */
export function rosterEntries(pages: EvidencePage[], organisation: string): QuotedItem[] {
  const entries: QuotedItem[] = [];
  for (const page of pages) {
    for (const element of page.elements) {
      if ((element.text.match(ANY_ENTRY) ?? []).length < MIN_ROSTER_ENTRIES) continue;
      for (const m of element.text.matchAll(entryPattern(organisation)))
        entries.push({ text: m[0], page, element });
    }
  }
  return entries;
}

/** A COUNT of the people a roster in the evidence lists under the organisation the question names. */
export const rosterCountSource: CandidateSource = (evidence) => {
  if (evidence.kind !== 'COUNT') return null;
  const noun = countedNoun(evidence.question);
  const organisation = askedOrganisation(evidence.question);
  if (!noun || !organisation) return null;
  const entries = rosterEntries(evidence.pages, organisation);
  if (entries.length === 0) return null;
  return quotedCount(entries, noun.phrase, `the roster entries naming ${organisation}`);
};
