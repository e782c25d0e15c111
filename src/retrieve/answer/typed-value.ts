import { contentWords } from '../text-match';
import { datesIn } from './date-source';
import { countsOtherThing, respectiveValue, tieScore } from './number-choice';
import { countedPhrase } from './stated-count';
import type { AnswerKind, NumberScale } from './typed-answer';

// The typed value a quoted sentence or table cell states: a number with its unit and scale, a percentage, a date or
// year, a name. Pure functions over text; the answer stages decide which sentence or cell to read.

export interface ReadValue {
  /** Canonical: a plain decimal ("-1234.5"), an ISO date or a year, a name. */
  value: string;
  unit: string | null;
  scale: NumberScale | null;
  /** The text the value was read from, as printed ("$1,234.5 million"). */
  printed: string;
}

const CURRENCIES: Array<[RegExp, string]> = [
  [/^(?:US\$|\$|USD)$/i, 'USD'],
  [/^(?:€|EUR)$/i, 'EUR'],
  [/^(?:£|GBP)$/i, 'GBP'],
  [/^(?:¥|JPY)$/i, 'JPY'],
  [/^(?:RMB|CNY)$/i, 'CNY'],
];
const SCALES: Array<[RegExp, NumberScale]> = [
  [/^(?:thousands?|k|000s)$/i, 'thousands'],
  [/^(?:millions?|m|mn|mm)$/i, 'millions'],
  [/^(?:billions?|bn|b)$/i, 'billions'],
];
/** A number as printed: optional sign or parentheses, currency, digits with separators, scale word, unit. */
const NUMBER =
  /(\()?(-|−|–)?\s?(US\$|USD|\$|€|£|¥|EUR|GBP|RMB)?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(\))?\s?(%|percent\b|per cent\b|thousands?\b|millions?\b|billions?\b|bn\b|mn\b|[kmb]\b|x\b)?/gi;
const YEAR = /\b(1[89]\d{2}|20\d{2})\b/g;

export interface NumberMention extends ReadValue {
  /** Position in the text (characters), for the nearest-to-the-question choice. */
  index: number;
  isYear: boolean;
}

/** A decimal without float noise ("1234.5", "-0.25"). */
export function decimal(n: number): string {
  return String(Number(n.toFixed(6)));
}

/**
 * Digits glued to letters or to other digits by a hyphen, slash or dot name something ("Figure 9-1", "COVID-19",
 * "8051AH", "09/13/18", a footnote mark after a word: "state.”18"); they are not a value the text states.
 */
function partOfName(text: string, index: number, length: number): boolean {
  const left = /[^\s]*$/.exec(text.slice(0, index))?.[0] ?? '';
  const right = /^[^\s]*/.exec(text.slice(index + length))?.[0] ?? '';
  const glued = (side: string) => /[\p{L}\p{N}]/u.test(side.replace(/^[([{"'“‘]+|[)\]}"'”’.,;:!?]+$/gu, ''));
  return glued(left) || glued(right.replace(/^[).,;:!?%"'”’\]]+(?=\s|$)/u, ''));
}

/** Words before a number that make it a reference or a label ("Table 4", "paragraph 47", "Regulation 17", "Q3"). */
const REFERENCE =
  /(?:\bp\.|\bpages?|\btables?|\bfigures?|\bfigs?\.|\bsections?|\bchapters?|\bappendix|\bexhibits?|\bparagraphs?|\bregulations?|\barticles?|\bclauses?|\bschedules?|\bitems?|\brules?|\bsteps?|\bunits?|\bparts?|\bvolumes?|\bno\.|#|\bq|\bfy|\bh|\bnotes?)\s*$/i;
const MONTH_WORD = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$/i;

/** The day of a date ("December 31, 2015", "31 March") or a list item's number ("1. Little Rock"). */
function dayOrMarker(text: string, start: number, printed: string): boolean {
  const previous = /(\S+)\s+$/.exec(text.slice(Math.max(0, start - 12), start))?.[1] ?? '';
  const next = /^\s+(\S+)/.exec(text.slice(start + printed.length, start + printed.length + 12))?.[1] ?? '';
  if (/^\d{1,2}$/.test(printed) && (MONTH_WORD.test(previous) || MONTH_WORD.test(next.replace(/,$/, ''))))
    return true;
  const lineStart = start === 0 || /\n\s*$/.test(text.slice(0, start));
  return lineStart && /^\d{1,2}$/.test(printed) && /^[.)]\s+\p{Lu}/u.test(text.slice(start + printed.length));
}

/** "a dataset that 1) compiles claims and 2) adds tables": an item marker with no "(" open before it, not a value. */
function enumerationMarker(text: string, start: number, m: Record<string, string | undefined>): boolean {
  if (!m.close || m.open || m.sign || m.currency || m.suffix || !/^\d{1,2}$/.test(m.digits ?? ''))
    return false;
  const before = text.slice(Math.max(0, start - 80), start);
  return before.lastIndexOf('(') <= before.lastIndexOf(')');
}

/** Every number the text prints, with its currency or percent sign and its scale word. */
export function numbersIn(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const [printed, open, sign, currency, digits, close, suffix] = m;
    // "p. 12", "Table 3", "Q3": references, not values
    const start = m.index + printed.length - printed.trimStart().length;
    if (REFERENCE.test(text.slice(Math.max(0, start - 14), start))) continue;
    if (partOfName(text, start, printed.trim().length) || dayOrMarker(text, start, printed.trim())) continue;
    if (enumerationMarker(text, start, { open, sign, currency, digits, close, suffix })) continue;
    const raw = Number(digits!.replace(/,/g, ''));
    if (!Number.isFinite(raw)) continue;
    const negative = (open && close) || sign ? -1 : 1;
    const suffixWord = suffix?.trim().toLowerCase() ?? '';
    // "980,000,000 % Land area": a "%" after a space on an amount in the thousands heads the next label
    const spacedPercent = suffixWord === '%' && /\s%$/.test(printed.trimEnd()) && digits!.includes(',');
    const percent = !spacedPercent && (suffixWord === '%' || suffixWord.startsWith('per'));
    const scale = SCALES.find(([re]) => re.test(suffixWord))?.[1] ?? null;
    const unit = percent
      ? '%'
      : suffixWord === 'x'
        ? 'x'
        : currency
          ? (CURRENCIES.find(([re]) => re.test(currency))?.[1] ?? null)
          : null;
    const isYear = !currency && !suffix && !digits!.includes(',') && /^(1[89]\d{2}|20\d{2})$/.test(digits!);
    out.push({
      value: decimal(negative * raw),
      unit,
      scale,
      printed: printed.trim(),
      index: start,
      isYear,
    });
  }
  return out;
}

/**
 * Numbers the question itself states (its years, amounts, and the numbers of the pages, figures and tables it names),
 * which are not the answer.
 */
function questionNumbers(question: string): Set<string> {
  const referenced = [...question.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) =>
    decimal(Number(m[0].replace(/,/g, ''))),
  );
  return new Set([...numbersIn(question).map((n) => n.value), ...referenced]);
}

/** Numbers that can be a count: whole, not negative, neither a percentage nor an amount of money. */
const countable = (n: NumberMention) =>
  n.unit === null && n.scale === null && /^\d+$/.test(n.value) && !n.isYear;

/**
 * The number that answers: one the question does not state, a year only when a year is asked, of the kind asked
 * (a percentage, a whole count), the value in the place of the year asked in "…, respectively", else the one the
 * question's words sit around (number-choice.ts); the first printed on a tie.
 */
export function pickNumber(
  kind: AnswerKind,
  text: string,
  question: string,
  tableScale: NumberScale | null = null,
): ReadValue | null {
  const asked = questionNumbers(question);
  const noun = countedPhrase(question);
  const all = numbersIn(text);
  const mentions = all.filter((n) => !asked.has(n.value) && (kind === 'DATE' || !n.isYear));
  const fitting =
    kind === 'PERCENTAGE'
      ? mentions.filter((n) => n.unit === '%')
      : kind === 'COUNT'
        ? mentions.filter((n) => countable(n) && !(noun && countsOtherThing(text, n, noun)))
        : mentions.filter((n) => n.unit !== '%');
  const pool = fitting.length > 0 || kind !== 'NUMBER' ? fitting : mentions;
  const years = numbersIn(question)
    .filter((n) => n.isYear)
    .map((n) => Number(n.value));
  const respective = respectiveValue(text, all, years);
  const words = new Set(contentWords(question).filter((w) => !/\d/.test(w)));
  const scored = pool.map((n, order) => ({ n, order, score: tieScore(text, n, words) }));
  const best =
    (respective && pool.includes(respective) ? respective : null) ??
    scored.sort((a, b) => b.score - a.score || a.order - b.order)[0]?.n;
  if (!best) return null;
  const scale = best.unit === '%' ? null : (best.scale ?? tableScale);
  return {
    value: best.value,
    unit: best.unit,
    scale: kind === 'COUNT' ? null : (scale ?? 'units'),
    printed: best.printed,
  };
}

/** The date or year the text states that the question does not: an ISO date when a day is printed, else a year. */
export function pickDate(text: string, question: string): ReadValue | null {
  const asked = questionNumbers(question);
  const dated = datesIn(text).find((d) => d.iso.length === 10 && !asked.has(d.iso.slice(0, 4)));
  if (dated) return { value: dated.iso, unit: null, scale: null, printed: dated.printed };
  const year = [...text.matchAll(YEAR)].find((m) => !asked.has(m[1]!));
  return year ? { value: year[1]!, unit: null, scale: null, printed: year[1]! } : null;
}

/** A run of capitalised words (a person, a company, a product) the question does not name. */
export function pickName(text: string, question: string): ReadValue | null {
  const asked = new Set(contentWords(question));
  const runs = text.match(/\p{Lu}[\p{L}&.'-]*(?:\s+(?:of|and|&|de|van|von)?\s*\p{Lu}[\p{L}&.'-]*)*/gu) ?? [];
  const name = runs
    .map((r) => r.trim().replace(/[.,;:]+$/, ''))
    .find((r, i) => {
      const words = contentWords(r);
      // the sentence's first word is capitalised anyway; a single common word there is no name
      const first = i === 0 && text.trimStart().startsWith(r) && words.length <= 1;
      return !first && words.length > 0 && words.some((w) => !asked.has(w));
    });
  return name ? { value: name, unit: null, scale: null, printed: name } : null;
}

/** The value of the kind asked for that a sentence or cell states, or null when it states none. */
export function readValue(
  kind: AnswerKind,
  text: string,
  question: string,
  tableScale: NumberScale | null = null,
): ReadValue | null {
  switch (kind) {
    case 'NUMBER':
    case 'PERCENTAGE':
    case 'COUNT':
      return pickNumber(kind, text, question, tableScale);
    case 'DATE':
      return pickDate(text, question);
    case 'NAME':
      return pickName(text, question);
    case 'LIST':
    case 'YES_NO':
    case 'TEXT':
      return null;
  }
}
