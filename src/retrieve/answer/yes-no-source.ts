import { unitsOf } from '../answer-units';
import type { Citation } from '../retrieve.types';
import { contentWords } from '../text-match';
import { type AnswerCandidate, type AnswerEvidence, citationAt, typedAnswer } from './typed-answer';
import { changeCandidate } from './yes-no-change';

// A yes/no answer only when an element of the evidence states the claim (supports it) or denies it (contradicts
// it): the sentence holds the claim's names and numbers, most of its other words, and a polarity cue (a negation,
// or a change the other way: "fell" against "did … rise"). Anything less is Not answerable, not a guess.

/** The share of the claim's words a sentence must hold to state it (in its own words: a paraphrase drops some). */
const CLAIM_SHARE = 0.6;
/** Words of a change up or down: a sentence stating the opposite change contradicts the claim. */
const UP =
  /\b(?:increas\w*|grew|grow\w*|rise|rises|rising|rose|higher|more|above|gain\w*|improv\w*|expand\w*|accelerat\w*)\b/i;
const DOWN =
  /\b(?:decreas\w*|declin\w*|fell|fall\w*|drop\w*|lower|less|fewer|below|reduc\w*|shr[iau]nk\w*|worsen\w*|slow\w*|decelerat\w*)\b/i;
/** Words that frame a yes/no question, not its claim. */
const FRAMING = new Set([
  'yes',
  'answer',
  'true',
  'false',
  'correct',
  'directly',
  'please',
  'whether',
  'state',
]);
const NEGATIVE = /\b(?:not|no|never|none|neither|nor|cannot|without|fails? to|lacks?|unable)\b|n[’']t\b/i;
/** A sentence asserting something: a verb of being, having or doing the claim's words can hang on. */
const AFFIRMATIVE =
  /\b(?:is|are|was|were|be|been|has|have|had|does|do|did|can|could|will|may|must|should|includes?|included|contains?|supports?|supported|provides?|offers?|uses?|used|requires?|required|allows?|allowed|covers?|covered|meets?|exceeds?|reached|reaches|grew|increased|decreased|fell|rose)\b/i;
/** Words that name a period ("fiscal 2020", "Q3"), not what the claim is about. */
const PERIOD_WORD = /^(?:(?:19|20)\d\d|fy\d*|fiscal|quarter\w*|q[1-4]|years?|annual\w*|months?|period\w*)$/i;
const SKIP_KINDS = new Set(['page-header', 'page-footer', 'heading']);

/** The claim's key words: the question's content words without its framing ("answer yes or no"). */
export function claimWords(question: string): string[] {
  const claim = question.replace(/\b(?:answer\s+)?(?:with\s+)?['"]?yes['"]?\s+or\s+['"]?no['"]?\b/gi, ' ');
  return [...new Set(contentWords(claim).filter((w) => !FRAMING.has(w)))];
}

/** A change up or down stated by a text; null when it states none or both. */
function direction(text: string): 'up' | 'down' | null {
  const up = UP.test(text);
  const down = DOWN.test(text);
  return up === down ? null : up ? 'up' : 'down';
}

/** The claim's names and numbers ("Verizon", "2022", "PPNE"): a sentence without all of them is about something else. */
export function keyTerms(question: string): string[] {
  const names = [...question.matchAll(/(?<=\S\s+)(?:\p{Lu}[\p{L}\p{N}&-]*)/gu)].map((m) => m[0]);
  const numbers = question.match(/\b\d+(?:[.,]\d+)?\b/g) ?? [];
  return [...new Set(contentWords([...names, ...numbers].join(' ')))];
}

/** Whether the question itself is negated ("Isn't the pump serviceable?"): a supporting "not" then means yes. */
const negatedQuestion = (question: string) => /^\s*\w+n[’']t\b|^\s*\w+\s+(?:\w+\s+)?not\b/i.test(question);

export interface ClaimVerdict {
  verdict: 'Yes' | 'No';
  sentence: string;
  share: number;
}

/** The verdict a sentence gives on the claim, or null when it does not state the claim with a polarity cue. */
export function verdictOf(words: string[], sentence: string, question: string): ClaimVerdict | null {
  // periods are checked as key terms; counted in the share they let any sentence of those years state the claim
  const claim = words.filter((w) => !UP.test(w) && !DOWN.test(w) && !PERIOD_WORD.test(w));
  if (claim.length === 0) return null;
  const present = new Set(contentWords(sentence));
  if (!keyTerms(question).every((w) => present.has(w))) return null;
  const share = claim.filter((w) => present.has(w)).length / claim.length;
  if (share < CLAIM_SHARE) return null;
  const negative = NEGATIVE.test(sentence);
  const asked = direction(question);
  const stated = direction(sentence);
  const opposite = asked !== null && stated !== null && asked !== stated;
  // a claim of change ("did debt increase?") is stated only by a sentence that states a change
  if (asked !== null && stated === null) return null;
  if (!negative && !opposite && !AFFIRMATIVE.test(sentence) && stated === null) return null;
  // "did not rise" asked "did it fall?": not rising is not falling
  if (negative && opposite) return null;
  const yes = (negative !== opposite) === negatedQuestion(question);
  return { verdict: yes ? 'Yes' : 'No', sentence, share };
}

/**
 * A YES_NO answer from the element sentence that states or denies the question's claim best (ties: the earliest in
 * evidence order), cited to its element; null when no sentence does.
 */
export function yesNoCandidate(evidence: AnswerEvidence): AnswerCandidate | null {
  if (evidence.kind !== 'YES_NO') return null;
  // a claim of change between two periods is decided by the two cells that hold it, when the tables do
  const change = changeCandidate(evidence);
  if (change) return change;
  const words = claimWords(evidence.question);
  let best: { found: ClaimVerdict; citation: Citation } | null = null;
  for (const page of evidence.pages) {
    for (const element of page.elements) {
      if (SKIP_KINDS.has(element.kind)) continue;
      for (const unit of unitsOf(element)) {
        const found = verdictOf(
          words,
          unit.matchText === unit.text ? unit.text : unit.matchText,
          evidence.question,
        );
        if (!found || (best && found.share <= best.found.share)) continue;
        const quote = element.text.includes(unit.text) ? unit.text : element.text;
        best = {
          found: { ...found, sentence: quote },
          citation: citationAt(page, element, quote),
        };
      }
    }
  }
  if (!best) return null;
  const { found, citation } = best;
  return {
    answer: typedAnswer('YES_NO', `${found.verdict} — ${found.sentence} [p. ${citation.pageNumber}]`, {
      value: found.verdict,
    }),
    citations: [citation],
    analysis:
      `The cited sentence holds ${Math.round(found.share * 100)} % of the claim's key words and ` +
      `${found.verdict === 'Yes' ? 'states' : 'denies'} it.`,
  };
}

/** Why a yes/no question is not answered: no element states or denies its claim. */
export const NO_CLAIM_SUPPORT =
  'No element of the evidence states or denies the claim (its key words with a polarity cue), so neither yes nor no is supported.';
