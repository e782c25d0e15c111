import { sameNoun, sentences, stem } from '../text-match';
import { subjectWords } from './list-items';
import { countWord } from './number-words';
import type { AnswerElement } from '../extractive-answer';
import { type CandidateSource, citationAt, type EvidencePage, typedAnswer } from './typed-answer';

// "How many datasets does the paper use?" is often answered by the evidence in so many words: "Statistics of nine
// datasets used", "we pose 6 research questions". The count is the number printed (in digits or in words) right
// before the noun the question counts, in a sentence about the question's subject.

/** Words that end the counted noun phrase of "how many …" (a verb, a preposition, a relative word). */
const PHRASE_END = new Set(
  (
    'are is were was be been do does did have has had can could will would should shall may might must ' +
    'in on of from for with within to at by as per that which who whose whom there here this these those ' +
    'appear appears appeared shown listed included mentioned used given presented provided contained'
  ).split(' '),
);
/** A total that does not answer a question about part of it, a difference or a comparison. */
const NOT_A_STATED_TOTAL =
  /\b(?:more|fewer|less|not|n't|without|except|excluding|other than|besides|apart from)\b/i;
/** A number right after these words is a label, not a count ("Table 6", "Section 3"). */
const LABEL_BEFORE =
  /^(?:table|tables|figure|figures|fig|section|sections|chapter|chapters|appendix|page|pages|p|step|steps|equation|eq|rq|q|item|items|no|part|version|v|phase|stage|level|grade|class|unit|units|week|day|year|since)$/i;
/** Words that may stand between the number and the noun ("nine public datasets"); function words may not. */
const FUNCTION_WORD =
  /^(?:of|the|a|an|these|those|their|our|its|his|her|in|on|for|and|or|to|with|from|by|at|as|than|per|each|is|are|was|were|have|has)$/i;
/** Words of a modifier allowed between the number and the noun. */
const MAX_BETWEEN = 2;

export interface CountedNoun {
  /** The counted noun's stem ("dataset"). */
  head: string;
  /** The counted noun as the question prints it ("datasets"). */
  printed: string;
  /** Stems of the words before it in the question's phrase ("research" of "research questions"). */
  modifiers: string[];
  /** The whole phrase as the question prints it, lower case ("research questions"). */
  phrase: string;
}

/** The noun phrase a "how many" question counts ("how many research questions does …"), or null when none. */
export function countedPhrase(question: string): CountedNoun | null {
  const m = /\bhow many\s+(.+)$/i.exec(question.replace(/\s+/g, ' '));
  if (!m) return null;
  const phrase: string[] = [];
  for (const raw of m[1]!.split(' ')) {
    const word = raw.replace(/^["'“‘(]+|["'”’),.?!:;]+$/g, '');
    if (word === '' || PHRASE_END.has(word.toLowerCase()) || !/^[\p{L}][\p{L}'-]*$/u.test(word)) break;
    phrase.push(word.toLowerCase());
    if (/[,.?!:;]$/.test(raw) || phrase.length === 4) break;
  }
  const head = phrase.at(-1);
  if (!head || head.length < 3) return null;
  return {
    head: stem(head),
    printed: head,
    modifiers: phrase.slice(0, -1).map(stem),
    phrase: phrase.join(' '),
  };
}

/** The noun a "how many" question counts as a stated total, or null when it asks for a difference or a part. */
export function countedNoun(question: string): CountedNoun | null {
  return NOT_A_STATED_TOTAL.test(question) ? null : countedPhrase(question);
}

/** "Regulation" is the noun of "regulations": the same stem, or the singular of the question's plural. */
function namesNoun(word: string, noun: CountedNoun): boolean {
  const lower = word.toLowerCase();
  return lower.length >= 3 && (stem(lower) === noun.head || sameNoun(lower, noun.printed));
}

interface StatedCount {
  value: number;
  sentence: string;
  /** The question's modifiers printed with the count, then the question's subject words in the sentence. */
  score: number;
}

/** Counts a sentence states for the noun: a number then up to two modifier words then the noun. */
export function statedCounts(sentence: string, noun: CountedNoun, subject: string[]): StatedCount[] {
  const tokens = sentence.split(/\s+/).map((t) => t.replace(/^["'“‘(]+|["'”’),.;:!?]+$/g, ''));
  const present = new Set(tokens.map((t) => stem(t.toLowerCase())));
  const subjectShare =
    subject.length === 0 ? 0 : subject.filter((w) => present.has(w)).length / subject.length;
  const found: StatedCount[] = [];
  tokens.forEach((token, i) => {
    const value = countWord(token);
    if (value === null || /^(?:1[89]|20)\d{2}$/.test(token)) return;
    const previous = i > 0 ? tokens[i - 1]!.replace(/\.$/, '') : '';
    if (LABEL_BEFORE.test(previous) || countWord(previous) !== null) return;
    // "Regulation 13", "Rule 4": a capitalised word inside a sentence names what the number labels, and so does
    // the counted noun itself anywhere ("Regulation 18 … Regulations" counts no regulations)
    if (i > 1 && /^\p{Lu}\p{Ll}+$/u.test(previous)) return;
    if (namesNoun(previous, noun)) return;
    for (let gap = 0; gap <= MAX_BETWEEN; gap++) {
      const at = i + 1 + gap;
      const word = tokens[at];
      if (word === undefined) return;
      if (stem(word.toLowerCase()) === noun.head) {
        const between = tokens.slice(i + 1, at).map((t) => stem(t.toLowerCase()));
        const named = noun.modifiers.filter((m) => between.includes(m)).length;
        // a count of the noun in a sentence about something else answers another question
        if (named > 0 || subjectShare > 0 || subject.length === 0)
          found.push({ value, sentence, score: named + subjectShare });
        return;
      }
      if (FUNCTION_WORD.test(word) || countWord(word) !== null || !/^[\p{L}][\p{L}-]*$/u.test(word)) return;
    }
  });
  return found;
}

export const statedCountSource: CandidateSource = (evidence) => {
  if (evidence.kind !== 'COUNT') return null;
  const noun = countedNoun(evidence.question);
  if (!noun) return null;
  const subject = subjectWords(evidence.question).filter((w) => w !== noun.head);
  let best: { stated: StatedCount; page: EvidencePage; element: AnswerElement } | null = null;
  for (const page of evidence.pages) {
    for (const element of page.elements) {
      if (element.kind === 'page-header' || element.kind === 'page-footer') continue;
      for (const sentence of sentences(element.text)) {
        for (const stated of statedCounts(sentence, noun, subject)) {
          if (!best || stated.score > best.stated.score) best = { stated, page, element };
        }
      }
    }
  }
  if (!best) return null;
  const { stated, page, element } = best;
  const value = String(stated.value);
  return {
    answer: typedAnswer('COUNT', `${value} — ${stated.sentence} [p. ${element.pageNumber}]`, {
      value,
      unit: noun.printed,
    }),
    citations: [citationAt(page, element, stated.sentence)],
    analysis:
      `The evidence states the count on p. ${element.pageNumber} (evidence step ${page.step}): ` +
      `"${stated.sentence}".`,
  };
};
