import type { AnswerElement } from '../extractive-answer';
import { contentWords, sentences } from '../text-match';
import {
  type AnswerCandidate,
  type AnswerEvidence,
  citationAt,
  type CandidateSource,
  type EvidencePage,
  type TypedAnswer,
  typedAnswer,
} from './typed-answer';

// Values a question names by their form — an e-mail address, a phone or fax number, a web link, a clock time — and
// the item a sequence places between, after or before the ones the question names ("what comes after drafting").
// Read from the evidence pages in order, cited with the element and the sentence that print them.

interface Pattern {
  /** The question asks for a value of this form. */
  asks: RegExp;
  /** Values of this form in a text (global). */
  value: RegExp;
  /** Question words that name the form, not what it belongs to. */
  framing: RegExp;
  what: string;
}

const PHONE_SEPARATED = /[-.()+]/;
const PATTERNS: Pattern[] = [
  {
    asks: /\be-?mail\b/i,
    value: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
    framing: /^(?:e-?mail|address|id|contact)$/,
    what: 'e-mail address',
  },
  {
    asks: /\b(?:tele)?phone (?:number|no)\b|\btelephone\b|\bfax\b|\btel\b|\bwhich number\b[^?]*\bcall\b|\bnumber (?:shall|should|do|can) (?:i|we|you) call\b/i,
    value: /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{1,5}(?:[\s.-]\d{2,6}){1,4}\b/g,
    framing: /^(?:phone|telephone|tel|fax|number|no|call|contact)$/,
    what: 'phone number',
  },
  {
    asks: /\b(?:urls?|web ?links?|links?|websites?|web address(?:es)?|web pages?|doi)\b/i,
    value:
      /\bhttps?:\/\/[^\s)<>\]]+[^\s)<>\].,;]|\bwww\.[^\s)<>\]]+[^\s)<>\].,;]|\bdoi:\s?[^\s)<>\]]+[^\s)<>\].,;]/gi,
    framing: /^(?:url|web|link|website|address|page|doi)$/,
    what: 'web link',
  },
  {
    asks: /\bwhat time\b(?! (?:period|frame|span|complexity|horizon))|\bthe time (?:on|shown|displayed|in the|at which)\b/i,
    value: /\b(?:[01]?\d|2[0-3])[:.][0-5]\d(?:\s?[ap]\.?m\.?)?(?![\d.:])/gi,
    framing: /^(?:time|shown|display)$/,
    what: 'time',
  },
];

/**
 * The printed form a question names that is found by its form alone (an e-mail address, a web link), as a pattern
 * for looking it up in a page's text; null when it names none.
 */
export function lookupFormAsked(question: string): { what: string; value: RegExp } | null {
  const form = PATTERNS.find((p) => LOOKUP_FORMS.has(p.what) && p.asks.test(question));
  return form
    ? { what: form.what, value: new RegExp(form.value.source, form.value.flags.replace('g', '')) }
    : null;
}
/** Phone numbers and times need their context to tell them from amounts and scores, so no lookup finds them. */
const LOOKUP_FORMS = new Set(['e-mail address', 'web link']);

const digitsOf = (s: string) => s.replace(/\D/g, '').length;

/** A printed number that reads as a phone number, not a year range or an amount. */
function phoneLike(match: string, before: string): boolean {
  const digits = digitsOf(match);
  if (digits < 7 || digits > 15) return false;
  return PHONE_SEPARATED.test(match.trim()) || /(?:tel|phone|fax|call|☎|t:|f:)\W*$/i.test(before);
}

interface Found {
  value: string;
  page: EvidencePage;
  element: AnswerElement;
  score: number;
}

/** The sentence of an element that prints `value` (a substring of its text), else the value itself. */
function sentenceWith(element: AnswerElement, value: string): string {
  return sentences(element.text).find((s) => s.includes(value) && element.text.includes(s)) ?? value;
}

/** How strongly the text around a value names what the question asks about (its non-framing words). */
function supportOf(text: string, index: number, words: string[], value: string): number {
  if (words.length === 0) return 0;
  const near = contentWords(text.slice(Math.max(0, index - 160), index + value.length + 80));
  const lower = value.toLowerCase();
  const nearShare = words.filter((w) => near.includes(w)).length / words.length;
  // an address's own name part ("jdoe@…") names its owner more surely than the words around it
  const own = words.filter((w) => w.length >= 4 && lower.includes(w)).length / words.length;
  return nearShare + own;
}

function patternValue(evidence: AnswerEvidence, pattern: Pattern): Found | null {
  const words = contentWords(evidence.question).filter((w) => !pattern.framing.test(w));
  const found: Found[] = [];
  for (const page of evidence.pages) {
    for (const element of page.elements) {
      for (const m of element.text.matchAll(pattern.value)) {
        const value = m[0].trim();
        const before = element.text.slice(Math.max(0, m.index - 12), m.index);
        if (pattern.what === 'phone number' && !phoneLike(value, before)) continue;
        if (pattern.what === 'phone number' && /\bfax\b/i.test(evidence.question) !== /fax/i.test(before))
          continue;
        found.push({ value, page, element, score: supportOf(element.text, m.index, words, value) });
      }
    }
  }
  const best = found.reduce<Found | null>((b, f) => (b === null || f.score > b.score ? f : b), null);
  if (!best) return null;
  // a value no question word points to is a guess unless it is the only one of its form in the evidence
  const distinct = new Set(found.map((f) => f.value));
  return best.score > 0 || distinct.size === 1 ? best : null;
}

/** Items of a printed sequence: a flow ("A → B → C"), a list, the lines of a diagram. */
function sequenceItems(text: string): string[] {
  return text
    .split(/\s*(?:→|->|=>|⟶|➔|►|▶|>|•|\||\n|;|,)\s*|\s+[-–—]\s+/)
    .map((i) => i.replace(/^\s*(?:\d{1,2}[.)]|[-*·])\s+/, '').trim())
    .filter((i) => /\p{L}/u.test(i));
}

const same = (a: string, b: string) =>
  a.toLowerCase().replace(/\W+/g, ' ').trim() === b.toLowerCase().replace(/\W+/g, ' ').trim();

/** What the question's sequence asks: the item between two named ones, or after or before one. */
export function sequenceAsked(question: string): { after: string | null; before: string | null } | null {
  const clean = (s: string) => s.replace(/^["'“‘]|["'”’?.]+$/g, '').trim();
  const between =
    /\b(?:comes|is|lies|sits|falls|appears|step|stage)?\s*between\s+(.+?)\s+and\s+(.+?)\s*(?:\?|$|\s+(?:in|on|of|according)\b)/i.exec(
      question,
    );
  if (between && /\bwhat\b|\bwhich\b/i.test(question))
    return { after: clean(between[1]!), before: clean(between[2]!) };
  const follows =
    /\b(?:comes|follows|is|happens)\s+(?:right |directly |immediately )?(after|before)\s+(.+?)\s*(?:\?|$|\s+(?:in|on|according)\b)/i.exec(
      question,
    );
  if (!follows || !/\bwhat\b|\bwhich\b/i.test(question)) return null;
  const named = clean(follows[2]!).replace(/^(?:the )?(?:step|stage|phase)\s+/i, '');
  return follows[1]!.toLowerCase() === 'after'
    ? { after: named, before: null }
    : { after: null, before: named };
}

function sequenceValue(evidence: AnswerEvidence): Found | null {
  const asked = sequenceAsked(evidence.question);
  if (!asked) return null;
  for (const page of evidence.pages) {
    // a flow chart's boxes are often separate elements: the page's items in reading order form the sequence
    const items = page.elements.flatMap((element) =>
      sequenceItems(element.text).map((text) => ({ text, element })),
    );
    for (let i = 0; i < items.length; i++) {
      const { text, element } = items[i]!;
      const prev = items[i - 1]?.text;
      const next = items[i + 1]?.text;
      const fitsAfter = asked.after === null || (prev !== undefined && same(prev, asked.after));
      const fitsBefore = asked.before === null || (next !== undefined && same(next, asked.before));
      if (fitsAfter && fitsBefore && element.text.includes(text))
        return { value: text, page, element, score: 1 };
    }
  }
  return null;
}

const textAnswer = (value: string, text: string): TypedAnswer => typedAnswer('TEXT', text, { value });

/** The value as the answer: the value first, the sentence that prints it cited with its element. */
function candidate(found: Found, why: string): AnswerCandidate {
  const quote = sentenceWith(found.element, found.value);
  return {
    answer: textAnswer(found.value, `${found.value} — ${quote} [p. ${found.page.pageNumber}]`),
    citations: [citationAt(found.page, found.element, quote)],
    analysis: `${why}, printed on p. ${found.page.pageNumber} (evidence step ${found.page.step}).`,
  };
}

export const spanSource: CandidateSource = (evidence) => {
  if (evidence.kind === 'LIST' || evidence.kind === 'YES_NO') return null;
  const pattern = PATTERNS.find((p) => p.asks.test(evidence.question));
  if (pattern) {
    const found = patternValue(evidence, pattern);
    if (found)
      return candidate(found, `The ${pattern.what} the question asks for, beside the words it names`);
  }
  const inSequence = sequenceValue(evidence);
  return inSequence
    ? candidate(inSequence, 'The item the printed sequence places where the question asks')
    : null;
};
