import { FURNITURE_KINDS } from './answer-units';
import { contentWords } from './text-match';

// Cover pages, letterheads and signature blocks print a value and its label as separate short lines ("Jane Doe" over
// "DIRECTOR", "Prepared by:" over a list of names). A line that holds only the question's words is such a label; the
// line beside it is what the question asks for.

/** A label is a short line; longer lines say something themselves. */
const MAX_LABEL_WORDS = 5;
/** The value beside a label is a short line too (a name, a role, an address), not a paragraph. */
const MAX_VALUE_WORDS = 12;
/** A label that ends like this introduces the line after it. */
const OPENS_NEXT = /(?:[:：]|\bby)\s*$/i;
/** "Prepared for:" names who received it, "Prepared by:" who made it: "who prepared it?" asks the one, "… for?" the other. */
const ROLE_LABELS = { recipient: /\b(?:for|to)\s*[:：]?\s*$/i, agent: /\bby\s*[:：]?\s*$/i } as const;
export type AskedRole = keyof typeof ROLE_LABELS;

/** The role a "who" question asks for: who received ("… prepared for?", "for whom") or who acted ("who prepared …?"). */
export function roleAsked(question: string): AskedRole | null {
  if (!/^\s*(?:who|whom|for whom|to whom)\b/i.test(question)) return null;
  return /\b(?:for|to)(?: whom)?\s*\??\s*$|\b(?:for|to) whom\b/i.test(question) ? 'recipient' : 'agent';
}

const AUXILIARY = /^(?:is|are|was|were|has|have|had|do|does|did|will|can|could|would|should|may|might)$/i;

/**
 * The label names the act a "who" question asks about: "Produced by:" for "Who produced the plan that …?". Its line
 * answers the question whole, whatever else the question says to pick the document out.
 */
export function namesAskedAct(question: string, label: string): boolean {
  const verb = /^\s*who\s+(\p{L}+)/iu.exec(question)?.[1];
  if (!verb || AUXILIARY.test(verb) || !ROLE_LABELS.agent.test(label)) return false;
  return contentWords(label).includes(contentWords(verb)[0] ?? '');
}

interface Line {
  kind: string;
  text: string;
}

export interface LabelledLine<E extends Line> {
  label: E;
  value: E;
}

const wordCount = (text: string) => text.trim().split(/\s+/).length;

/** A short line that adds words the question does not hold. */
function valueLine(line: Line | undefined, asked: Set<string>): boolean {
  if (!line || line.kind === 'table' || wordCount(line.text) > MAX_VALUE_WORDS) return false;
  return contentWords(line.text).some((w) => !asked.has(w) && !/^\d+$/.test(w));
}

/**
 * Each short line of a page (reading order) made only of the question's words, with the line beside it that
 * answers it: the next one after a label ending in ":" or "by", else the one before (a name printed over its role),
 * else the one after. With the role a "who" question asks, a label of the other role is passed over.
 */
export function labelledLines<E extends Line>(
  elements: E[],
  asked: Set<string>,
  role: AskedRole | null = null,
): Array<LabelledLine<E>> {
  const otherRole =
    role === 'agent' ? ROLE_LABELS.recipient : role === 'recipient' ? ROLE_LABELS.agent : null;
  const lines = elements.filter((e) => !FURNITURE_KINDS.has(e.kind) && e.text.trim() !== '');
  const found: Array<LabelledLine<E>> = [];
  lines.forEach((label, i) => {
    const words = contentWords(label.text);
    if (words.length === 0 || wordCount(label.text) > MAX_LABEL_WORDS) return;
    if (!words.every((w) => asked.has(w)) || otherRole?.test(label.text)) return;
    const beside = OPENS_NEXT.test(label.text) ? [lines[i + 1]] : [lines[i - 1], lines[i + 1]];
    const value = beside.find((line) => valueLine(line, asked));
    if (value) found.push({ label, value });
  });
  return found;
}
