// TRACE's offline query decomposition: rules that split a question into atomic sub-queries, each searched on its
// own. Pure and deterministic; a question no rule splits stays whole.
import {
  AUX,
  bareWord,
  DETERMINER,
  distribute,
  isNounPhrase,
  ITEM_MAX_WORDS,
  secondItem,
  shape,
  squash,
  takeItem,
  trimPunctuation,
  WH,
  words,
} from './phrase-items';

export const MAX_SUB_QUERIES = 5;

/** Coordination inside these is one relation between the items, not a list of things to look up. */
const RELATION_BEFORE = /\b(?:between|relationship|correlation)\s*$/i;
/** Aggregating words after a list apply to the list, not to each item. */
const AGGREGATE_AFTER = /^(?:combined|together|in total|altogether|overall|respectively)\b\s*/i;
/** Sentences that say how to format the answer, not what to find ("Give me an integer.", "Answer 'yes' or 'no'."). */
const INSTRUCTION_VERB =
  /^\(?(?:please\s+|directly\s+)?(?:answer|write|give|return|save|round|format|express|output)\b/i;
const FORMAT_VERB = /^(?:please\b|(?:list|enumerate|provide|state|represent|respond|put)\b)/i;
const FORMAT_WORD =
  /\b(?:format|formatted|integer|int|float|string|list|answer|yes|no|e\.g|example|rounded|decimal|digits?|millions?|thousands?|billions?)\b/i;
const ABOUT_THE_ANSWER = /^(?:your|the answer|for example|e\.g\.)/i;
/** A sub-query of these words alone ("This", "it") names nothing to look up. */
const EMPTY_WORDS = new Set(
  'this|that|these|those|it|its|they|them|their|he|she|his|her|one|ones|so|if'.split('|'),
);
/** Atomic sub-queries of `question` (at most `max`); the question itself when no rule applies. */
export function decomposeQuestion(question: string, max = MAX_SUB_QUERIES): string[] {
  const whole = squash(question);
  if (!whole) return [];
  const asked = whole.includes('?');
  const rules = [differenceBetween, compareForm, versusForm, bothAnd, enumeration];
  const parts = rules.reduce((acc, rule) => acc.flatMap((part) => rule(part) ?? [part]), splitClauses(whole));
  const seen = new Set<string>();
  const subQueries = parts
    .map((p) => finish(p, asked))
    .filter((p) => {
      const key = p.toLowerCase().replace(/[?.!\s]+$/, '');
      if (words(key).every((w) => EMPTY_WORDS.has(bareWord(w))) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  // One part is the question itself, less any answer-format instruction ("Give me an integer.").
  if (subQueries.length === 1 && seen.has(whole.toLowerCase().replace(/[?.!\s]+$/, ''))) return [whole];
  return subQueries.length > 0 ? subQueries.slice(0, Math.max(1, max)) : [whole];
}

/**
 * Sentences (at "?" and ";") without answer-format instructions, then clauses joined by a conjunction that starts
 * a new question, or by "and also" / "as well as".
 */
function splitClauses(question: string): string[] {
  const sentences = question
    .split(/(?<=\?)\s+|\s*;\s*/)
    .map(trimPunctuation)
    .filter(Boolean);
  const asked = sentences.filter((s) => !isAnswerInstruction(s));
  return (asked.length > 0 ? asked : sentences).flatMap((sentence) => {
    const clauses = rejoinRelations(
      sentence.split(new RegExp(`\\s*,?\\s+(?:and|as well as|but|while|whereas)\\s+(?=(?:${WH})\\b)`, 'i')),
    )
      .flatMap((c) => c.split(/\s*,?\s+(?:and also|and additionally|as well as)\s+/i))
      .map(trimPunctuation)
      .filter(Boolean);
    const stem = questionStem(clauses[0] ?? '');
    // "What was the revenue and also the headcount?": the second clause borrows the first one's question stem.
    return clauses.map((c, i) => (i > 0 && stem && !startsWithQuestionWord(c) ? `${stem} ${c}` : c));
  });
}

function isAnswerInstruction(sentence: string): boolean {
  return (
    INSTRUCTION_VERB.test(sentence) ||
    ABOUT_THE_ANSWER.test(sentence) ||
    (FORMAT_VERB.test(sentence) && FORMAT_WORD.test(sentence))
  );
}

/** "the difference between what was planned and what was spent" is one clause: "between" still waits for its "and". */
function rejoinRelations(pieces: string[]): string[] {
  const joined: string[] = [];
  for (const piece of pieces) {
    const last = joined.at(-1);
    if (last !== undefined && /\bbetween\b(?!.*\band\b)/i.test(last))
      joined[joined.length - 1] = `${last} and ${piece}`;
    else joined.push(piece);
  }
  return joined;
}

/** "the difference (in ASPECT) between X and Y" → "ASPECT of X", "ASPECT of Y" in place of the phrase. */
function differenceBetween(clause: string): string[] | null {
  const m = /\b(?:the\s+)?differences?(?:\s+in\s+(.+?))?\s+between\s+(.+?)\s+and\s+(.+)$/i.exec(clause);
  if (!m) return null;
  const [, aspect, x = '', rest = ''] = m;
  const [y, after] = secondItem(x, rest);
  const before = clause.slice(0, m.index);
  // "between what was planned and what was spent": the items are questions of their own.
  if (startsWithQuestionWord(x) && startsWithQuestionWord(y)) return [x, `${y}${after}`];
  const item = (s: string) => (aspect ? `${aspect} of ${s}` : s);
  return [`${before}${item(x)}${after}`, `${before}${item(distribute(x, y))}${after}`];
}

/** "compare X and|with|to Y", "X compared to|with Y", "how does X compare to|with Y" → X, Y. */
function compareForm(clause: string): string[] | null {
  // "compare the liquidity and capital resources with the cash flow": "with" marks the pair before "and" does.
  const imperative =
    /^(.*?)\b(?:compare|comparison of)\s+(?!between\b|with\b|to\b|against\b)(.+?)\s+(?:with|to|against)\s+(.+)$/i.exec(
      clause,
    ) ??
    /^(.*?)\b(?:compare|comparison of)\s+(?!between\b|with\b|to\b|against\b)(.+?)\s+and\s+(.+)$/i.exec(
      clause,
    );
  if (imperative) {
    const [, before = '', x = '', rest = ''] = imperative;
    const [y, after] = secondItem(x, rest, { ownTail: true });
    const lead = before.replace(/\b(?:how\s+(?:do|does|did)|please|can you|could you)\s*$/i, '').trim();
    return [`${lead} ${x}${after}`, `${lead} ${distribute(x, y)}${after}`];
  }
  const passive = /^(.*?)\s*\b(?:compares?|compared|comparing)\s+(?:to|with|against)\s+(.+)$/i.exec(clause);
  if (!passive) return null;
  const [, lead = '', rest = ''] = passive;
  // "In the latest 10-Q, how does X compare with Y": the words before "how" frame both items.
  const how = /^(.*?)\bhow\s+(?:do|does|did)\s+(.+)$/i.exec(lead);
  const [before, x] = how ? [how[1] ?? '', how[2] ?? ''] : ['', lead];
  const [y, after] = secondItem(x, rest, { ownTail: true });
  return [`${before}${x}${after}`, `${before}${distribute(x, y)}${after}`];
}

/** "… X vs Y …": X back to the previous boundary word, Y on to the next; the words around stay. */
function versusForm(clause: string): string[] | null {
  const m = /\s+(?:vs\.?|versus)\s+/i.exec(clause);
  if (!m) return null;
  const left = clause.slice(0, m.index).split(/\s+/);
  const right = clause.slice(m.index + m[0].length).split(/\s+/);
  const x = takeItem(left.slice().reverse()).reverse();
  const y = takeItem(right);
  if (x.length === 0 || y.length === 0) return null;
  const before = left.slice(0, left.length - x.length).join(' ');
  const after = right.slice(y.length).join(' ');
  return [x, y].map((item) => squash(`${before} ${item.join(' ')} ${after}`));
}

/** "both X and Y": X after "both", Y as the compare forms take it. */
function bothAnd(clause: string): string[] | null {
  const m = /^(.*?)\bboth\s+(.+?)\s+and\s+(.+)$/i.exec(clause);
  if (!m) return null;
  const [, before = '', x = '', rest = ''] = m;
  const [y, after] = secondItem(x, rest);
  return [`${before}${x}${after}`, `${before}${distribute(x, y)}${after}`];
}

/**
 * "A, B(,) and|or C" where each item is something to look up (not the parts of one relation: "between A, B and
 * C", nor a name with commas: "College of Humanities, Arts, and Social Sciences"). The middle items fix the items'
 * length, so "the revenues of Falcon, Eagle and Hawk in 2023" gives "the revenues of Falcon in 2023", … .
 */
function enumeration(clause: string): string[] | null {
  const segments = clause.split(/\s*,\s*/);
  for (let start = 0; start < segments.length - 1; start++) {
    const middles: string[] = [];
    let end = start + 1;
    let last: string | null = null;
    for (; end < segments.length && last === null; end++) {
      const segment = segments[end]!;
      const oxford = /^(?:and|or)\s+(.+)$/i.exec(segment);
      const closing = /^(.+?)\s+(?:and|or)\s+(.+)$/i.exec(segment);
      if (oxford) last = oxford[1]!;
      else if (closing && isNounPhrase(words(closing[1]!)))
        [middles[middles.length], last] = [closing[1]!, closing[2]!];
      else if (isNounPhrase(words(segment))) middles.push(segment);
      else break;
    }
    if (last === null || middles.length === 0) continue;
    const width = Math.max(...middles.map((m) => words(m).length));
    const headWords = words(segments[start]!);
    const first = headWords.slice(-width);
    const before = headWords.slice(0, -width).join(' ');
    // An article just before the first item means the item was cut short ("In the | latest 10-Q, its …").
    const cut = DETERMINER.test(headWords.at(-width - 1) ?? '');
    if (
      width > ITEM_MAX_WORDS ||
      first.length < width ||
      !isNounPhrase(first) ||
      cut ||
      RELATION_BEFORE.test(before)
    )
      continue;
    const lastWords = words(last);
    const lastItem = takeItem(lastWords);
    // A capitalised word running on past the items' length is a name ("… and Social Sciences"), not a list.
    if (lastItem.length === 0 || (lastItem.length > width && /^\p{Lu}/u.test(lastItem[width] ?? '')))
      continue;
    const itemLength = Math.min(width, lastItem.length);
    const items = [first.join(' '), ...middles, lastWords.slice(0, itemLength).join(' ')];
    // One comma is a weak sign of a list ("the 10-Q, particularly any new or escalating risks"): the items must
    // then look alike (all names, all numbers or all lower-case words, all of one length).
    const commas = end - start - 1;
    const alike = new Set(items.map(shape)).size === 1 && middles.every((m) => words(m).length === width);
    if (commas < 2 && (!alike || lastItem.length !== width)) continue;
    if (/^(?:and|or)\b/i.test(lastWords.slice(itemLength).join(' '))) continue;
    const after = [lastWords.slice(itemLength).join(' '), ...segments.slice(end)]
      .filter(Boolean)
      .join(', ')
      .replace(AGGREGATE_AFTER, '');
    const lead = [...segments.slice(0, start), before].filter(Boolean).join(', ');
    return items.map((item) => squash(`${lead} ${item} ${after}`));
  }
  return null;
}

/** "What was", "How many", "Which" — the words a bare second clause needs to be a question again. */
function questionStem(clause: string): string | null {
  const m = new RegExp(`^((?:${WH})(?:\\s+(?:many|much|long|often|far))?)(?:\\s+(${AUX}))?\\b`, 'i').exec(
    clause,
  );
  return m ? m[0] : null;
}

function startsWithQuestionWord(clause: string): boolean {
  return new RegExp(`^(?:${WH})\\b`, 'i').test(clause.trim());
}

function finish(part: string, asked: boolean): string {
  const text = trimPunctuation(squash(part));
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return asked && startsWithQuestionWord(text) ? `${capitalised}?` : capitalised;
}
