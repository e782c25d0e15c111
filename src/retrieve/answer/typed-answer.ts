import type { Citation } from '../retrieve.types';
import type { AnswerElement } from '../extractive-answer';
import { ANSWER_KINDS, NUMBER_SCALES } from '../../llm/prompts/answer.prompt';

// The kinds and scales are the model's answer contract too, so llm owns them (llm does not import retrieve).
export { ANSWER_KINDS, NUMBER_SCALES };
export type AnswerKind = (typeof ANSWER_KINDS)[number];
export type NumberScale = (typeof NUMBER_SCALES)[number];

/**
 * An answer as a value a reader (or a grader) can use, beside the sentence form: "2.72" with its formula, "$1,234
 * million", ["Bluetooth", "Wi-Fi"], "Yes". `text` is what a person reads; the other fields are what it says.
 */
export interface TypedAnswer {
  /** The sentence form shown to people, e.g. "The current ratio was 2.72 in FY2021 [p. 61]". */
  text: string;
  kind: AnswerKind;
  /** The value in canonical form: a plain decimal ("2.72", "-1234.5"), an ISO date or year, a name, "Yes"/"No". */
  value: string | null;
  /** What the value counts or measures: "USD", "%", "x" (a ratio), "pages", "figures"; null when none applies. */
  unit: string | null;
  /** The scale the value is printed in (a table "in millions"); null when not a number. */
  scale: NumberScale | null;
  /** The items of a LIST answer, in evidence order; empty for other kinds. */
  items: string[];
  /** The arithmetic shown when the value was computed: "26,291 / 9,674 (total current assets / total current liabilities, p. 61)". */
  formula: string | null;
}

/**
 * A value read or computed from the evidence, with the cells or sentences it came from; the answerer chooses among
 * candidates and turns the winner into its answer. `analysis` says how it was found, for the answer's analysis.
 */
export interface AnswerCandidate {
  answer: TypedAnswer;
  citations: Citation[];
  analysis: string;
}

/** One page of the evidence an answer may read: pages in evidence order (the walk's chain, or the top pages). */
export interface EvidencePage {
  docId: string;
  pageNumber: number;
  /**
   * The evidence step that brought this page (a walk's EvidenceStep.step; a flat ranking's 1-based rank), named by
   * every claim taken from it; null for a page no step of the walk reached (a page the question names).
   */
  step: number | null;
  /** The page's 0-based position in the strategy's ranking, and its score there (how strongly it was found). */
  rank: number;
  score: number;
  /** The page's elements in reading order. */
  elements: AnswerElement[];
}

/** What a candidate source reads: the question, the kind of value it asks for, and the evidence in order. */
export interface AnswerEvidence {
  question: string;
  kind: AnswerKind;
  pages: EvidencePage[];
}

/** Reads one kind of value from the evidence (a table cell, a statement metric, a list); null when it has none. */
export type CandidateSource = (evidence: AnswerEvidence) => AnswerCandidate | null;

/** A citation of `quote` from one element of an evidence page, naming the step that brought the page. */
export const citationAt = (page: EvidencePage, element: AnswerElement, quote: string): Citation => ({
  docId: element.docId,
  pageNumber: element.pageNumber,
  elementId: element.elementId,
  bbox: element.bbox,
  quote,
  score: page.score,
  step: page.step,
});

/** An answer of `kind` whose sentence form is `text`; `says` sets what it says, every other field empty. */
export const typedAnswer = (
  kind: AnswerKind,
  text: string,
  says: Partial<Omit<TypedAnswer, 'kind' | 'text'>> = {},
): TypedAnswer => ({ text, kind, value: null, unit: null, scale: null, items: [], formula: null, ...says });

/** A LIST answer of `items` in evidence order; `text` is its sentence form. */
export const listAnswer = (items: string[], text: string): TypedAnswer =>
  typedAnswer('LIST', text, { items });

/** A COUNT of `items`, measured in `noun` ("vessels", "model"), the items kept to show what was counted. */
export const countAnswer = (items: string[], text: string, noun: string): TypedAnswer => ({
  ...listAnswer(items, text),
  kind: 'COUNT',
  value: String(items.length),
  unit: noun,
});
