import type { AnswerUnit } from './answer-units';
import type { AnswerElement } from './extractive-answer';
import { contentWords } from './text-match';

// How one quotable unit (a sentence, a table cell, a line beside its label) meets the question: the share of the
// question's words it holds, numbers weighing double, what it adds that the question does not say, and what says
// what a unit is about (a heading, a caption, a lead line).

/** "fy2015" is looked for as "2015", "q3" as "3": tables print the period without its prefix. */
export function questionWords(question: string): string[] {
  return [...new Set(contentWords(question).map((w) => /^(?:fy|q|h)(\d{1,4})$/.exec(w)?.[1] ?? w))];
}

/** Numbers and years name the one value asked for, so they weigh double. */
export const weightOf = (word: string) => (/\d/.test(word) ? 2 : 1);

/** Weighted share of the question's words present in the text (0–1), and which of them are. */
export function matchOf(words: string[], text: string): { share: number; present: Set<string> } {
  const inText = new Set(contentWords(text));
  const present = new Set(words.filter((w) => inText.has(w)));
  const total = words.reduce((sum, w) => sum + weightOf(w), 0);
  const hit = [...present].reduce((sum, w) => sum + weightOf(w), 0);
  return { share: total === 0 ? 0 : hit / total, present };
}

/** A unit that prints the opposite of a question word ("short" for "long") weighs this much (contrast.ts). */
export const CONTRADICTED = 0.5;
export const NUMBER_TOKEN = /\d+(?:[.,]\d+)*/g;
/** Lines that say where a chart came from or how to read it, not what it shows. */
export const BOILERPLATE = /^(?:sources?|notes?|n\s*=|base|q\d+[a-z]?\.)\s*[:.]?/i;

/** What a unit adds to the question: its words and numbers the question does not have, and whether it names someone. */
export function novelty(unitText: string, words: Set<string>, questionNumbers: Set<string>) {
  const novelWords = contentWords(unitText).filter((w) => !words.has(w) && !/^\d/.test(w));
  const novelNumbers = (unitText.match(NUMBER_TOKEN) ?? []).filter(
    (n) => !questionNumbers.has(n.replace(/,/g, '')),
  );
  const novelNames = (unitText.match(/(?<=\S\s+)\p{Lu}[\p{L}-]+/gu) ?? []).filter(
    (n) => !words.has(contentWords(n)[0] ?? ''),
  );
  return { words: novelWords.length, numbers: novelNumbers.length, names: novelNames.length };
}

/** A unit about another number of a series the question labels ("Unit 7" for "Unit 8") weighs this much. */
export const OTHER_LABEL = 0.5;
const MAX_LEAD_CHARS = 80;
/** A heading, a caption or a lead line ("Unit 8 assignments:") says what the elements after it are about. */
export const leads = (element: AnswerElement) =>
  element.kind === 'heading' ||
  element.kind === 'caption' ||
  (element.text.length <= MAX_LEAD_CHARS && /:\s*$/.test(element.text));

/** A table's labelled cell, matched by its labels (a sentence is matched by itself, or with its run-in head). */
export const isCell = (unit: AnswerUnit, element: AnswerElement) =>
  element.kind === 'table' && unit.matchText !== unit.text;

/** The value of a table cell unit ("Row, Column: value" → "value"). */
export const cellValueOf = (text: string) => text.slice(text.lastIndexOf(': ') + 2);
