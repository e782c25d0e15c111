import type { NumberScale, TypedAnswer } from '../retrieve/answer/typed-answer';
import { typedAnswer } from '../retrieve/answer/typed-answer';
import type { AnswerGrade, AnswerGrader, AnswerToGrade } from './answer-grader';
import { withoutCitations } from './answer-grader';
import {
  listItems,
  NumberValue,
  numbersMatch,
  parseNumber,
  polarity,
  questionScale,
  saysNotAnswerable,
  tokenF1,
  words,
} from './answer-value';

/**
 * Thresholds of the strict grader. Floats: within the reference's own rounding (half its last printed digit) or 1 %
 * relative, whichever is wider — MMLongBench-Doc's scorer uses the same 1 %. Strings: token F1 ≥ 0.8, so a reference
 * of n words wholly inside an answer tolerates at most n/2 extra words. Lists: item F1 ≥ 0.9, so a list of up to
 * four items must be exact and a long one may slip once in ten. Partial from F1 ≥ 0.5 (counted wrong in accuracy).
 */
export const STRICT_RULES = { relative: 0.01, stringF1: 0.8, listF1: 0.9, partialF1: 0.5 } as const;

/** What the reference asks for, from the dataset's answer format (MMLongBench-Doc) or, without one, its own form. */
export type ReferenceShape =
  | { kind: 'not-answerable' }
  | { kind: 'number'; number: NumberValue; exact: boolean }
  | { kind: 'yes-no'; polarity: 'Yes' | 'No' }
  | { kind: 'list'; items: string[] }
  | { kind: 'string'; text: string };

const FORMAT_ALIASES: Record<string, 'Int' | 'Float' | 'Str' | 'List' | 'None'> = {
  int: 'Int',
  integer: 'Int',
  float: 'Float',
  str: 'Str',
  string: 'Str',
  list: 'List',
  none: 'None',
};

/**
 * Reads the reference by its format: Int → an exact number, Float → a number within tolerance, List → items, None →
 * "Not answerable", Str → words (or a number or yes/no when that is all it says). Rows without a format
 * (FinanceBench) are read by their form: a number phrase, a yes/no verdict, else words.
 */
export function referenceShape(
  format: string | null,
  reference: string,
  answerable: boolean,
): ReferenceShape {
  const declared = format === null ? null : (FORMAT_ALIASES[format.trim().toLowerCase()] ?? null);
  if (!answerable || declared === 'None' || saysNotAnswerable(reference)) return { kind: 'not-answerable' };
  if (declared === 'List') {
    const items = listItems(reference);
    if (items.length > 1) return { kind: 'list', items };
  }
  const number = parseNumber(reference);
  if (number !== null) {
    // a bare whole number outside a Float row is a count, a year or an id: 2019 is not 2020 within 1 %
    const bare = number.decimals === 0 && !number.percent && !number.scaleNamed && number.currency === null;
    return { kind: 'number', number, exact: declared === 'Int' || (declared !== 'Float' && bare) };
  }
  const verdict = polarity(reference);
  if (verdict !== null && declared !== 'List') return { kind: 'yes-no', polarity: verdict };
  const items = listItems(reference);
  return { kind: 'string', text: items.length === 1 ? items[0]! : reference };
}

/** An answer known only by its sentence: no value, so the grader reads the text. */
export function sentenceAnswer(text: string): TypedAnswer {
  return typedAnswer('TEXT', text);
}

const SCALE_FACTORS: Record<NumberScale, number> = {
  units: 1,
  thousands: 1e3,
  millions: 1e6,
  billions: 1e9,
};

/** What the answer says, read from its typed value when it has one, else from its text (citations removed). */
interface AnswerSide {
  scalar: string;
  number: NumberValue | null;
  /** The typed answer's own items (never split out of a sentence): "one of its items". */
  typedItems: string[];
  /** Items to compare with a list reference: the typed items, else the text split into items. */
  items: string[];
  notAnswerable: boolean;
  polarity: 'Yes' | 'No' | null;
}

export function answerSide(typed: TypedAnswer): AnswerSide {
  const text = withoutCitations(typed.text);
  const scalar = typed.value !== null ? typed.value.trim() : text;
  let number = parseNumber(scalar);
  if (number !== null && typed.value !== null) {
    const unit = typed.unit?.trim().toUpperCase() ?? null;
    number = {
      ...number,
      scale: number.scaleNamed || typed.scale === null ? number.scale : SCALE_FACTORS[typed.scale],
      scaleNamed: number.scaleNamed || typed.scale !== null,
      percent: number.percent || typed.kind === 'PERCENTAGE' || unit === '%',
      currency: number.currency ?? (unit !== null && /^(USD|EUR|GBP|JPY)$/.test(unit) ? unit : null),
    };
  }
  const typedItems = typed.items.filter((i) => i.trim() !== '');
  return {
    scalar,
    number,
    typedItems,
    items: typedItems.length > 0 ? typedItems : typed.value !== null ? [typed.value] : listItems(text),
    notAnswerable: saysNotAnswerable(typed.value ?? text),
    polarity: polarity(scalar),
  };
}

const grade = (verdict: AnswerGrade['verdict'], reason: string): AnswerGrade => ({
  verdict,
  reason: `strict: ${reason}`,
});
const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);
const byF1 = (f1: number, threshold: number) =>
  f1 >= threshold ? 'correct' : f1 >= STRICT_RULES.partialF1 ? 'partial' : 'wrong';

/** Two items are the same: equal numbers, or the same words (token F1 at the string threshold). */
function sameItem(reference: string, answer: string): boolean {
  const a = parseNumber(reference);
  const b = parseNumber(answer);
  if (a !== null && b !== null) return numbersMatch(a, b, { exact: false, relative: STRICT_RULES.relative });
  return tokenF1(words(reference), words(answer)) >= STRICT_RULES.stringF1;
}

/** Precision, recall and F1 of the answer's items against the reference's, each item matched at most once. */
export function itemOverlap(reference: string[], answer: string[]): { p: number; r: number; f1: number } {
  const unused = [...answer];
  let matched = 0;
  for (const ref of reference) {
    const at = unused.findIndex((a) => sameItem(ref, a));
    if (at < 0) continue;
    matched += 1;
    unused.splice(at, 1);
  }
  const p = answer.length === 0 ? 0 : matched / answer.length;
  const r = reference.length === 0 ? 0 : matched / reference.length;
  return { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

/** A scalar reference found among several typed items is a hedge (partial); the only item is the value. */
function amongItems(side: AnswerSide, matches: (item: string) => boolean): AnswerGrade | null {
  const hits = side.typedItems.filter(matches);
  if (hits.length === 0) return null;
  return side.typedItems.length === 1
    ? grade('correct', `the answer's only item is the reference`)
    : grade('partial', `the reference is one of ${side.typedItems.length} items`);
}

/** The strict verdict of one answer against its reference. */
export function strictGrade(item: AnswerToGrade): AnswerGrade {
  const shape = referenceShape(item.goldFormat, item.goldAnswer, item.answerable);
  const side = answerSide(item.typed ?? sentenceAnswer(item.answer));
  if (shape.kind === 'not-answerable')
    return side.notAnswerable
      ? grade('correct', 'Not answerable, as the reference')
      : grade('wrong', 'answered a question the reference says is not answerable');
  if (side.notAnswerable) return grade('wrong', 'said Not answerable to an answerable question');
  switch (shape.kind) {
    case 'number': {
      const rule = { exact: shape.exact, relative: STRICT_RULES.relative };
      const scale = questionScale(item.question);
      if (side.number !== null && numbersMatch(shape.number, side.number, rule, scale))
        return grade('correct', `${side.number.value} matches ${item.goldAnswer}`);
      const inItems = amongItems(side, (i) => {
        const n = parseNumber(i);
        return n !== null && numbersMatch(shape.number, n, rule, scale);
      });
      if (inItems) return inItems;
      return side.number === null
        ? grade('wrong', `the answer is not a number ("${clip(side.scalar)}")`)
        : grade('wrong', `${side.number.value} does not match ${item.goldAnswer}`);
    }
    case 'yes-no':
      return side.polarity === shape.polarity
        ? grade('correct', `${shape.polarity}, as the reference`)
        : grade(
            'wrong',
            `expected ${shape.polarity}, the answer says ${side.polarity ?? 'neither yes nor no'}`,
          );
    case 'list': {
      const { p, r, f1 } = itemOverlap(shape.items, side.items);
      const how = `items P ${p.toFixed(2)} R ${r.toFixed(2)} F1 ${f1.toFixed(2)} (${side.items.length} vs ${shape.items.length})`;
      return grade(byF1(f1, STRICT_RULES.listF1), how);
    }
    case 'string': {
      const f1 = tokenF1(words(shape.text), words(side.scalar));
      const verdict = byF1(f1, STRICT_RULES.stringF1);
      if (verdict !== 'correct') {
        const inItems = amongItems(side, (i) => sameItem(shape.text, i));
        if (inItems) return inItems;
      }
      return grade(verdict, `token F1 ${f1.toFixed(2)}`);
    }
  }
}

/**
 * The grader that cannot be fooled by containment: the answer's value must be the reference (numbers after scale,
 * currency, percent and rounding; lists by item overlap; strings by token F1), not a sentence that mentions it.
 */
export class StrictAnswerGrader implements AnswerGrader {
  readonly name =
    'strict (typed value: numbers after scale/percent within rounding or 1 %, list items F1 ≥ 0.9, words F1 ≥ 0.8)';

  grade(item: AnswerToGrade): Promise<AnswerGrade> {
    return Promise.resolve(strictGrade(item));
  }
}
