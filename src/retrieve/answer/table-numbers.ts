import type { NumberScale } from './typed-answer';

// How financial tables print numbers, scales and periods: "$ 1,234", "(56)", "—", "12.5 %", "1,234 (a)",
// "(in millions, except per share data)", "Fiscal 2021". Pure functions shared by the table grid, the cell lookup
// and the statement metrics.

/** A number read from a cell: its value as printed (scale not applied) and what the cell said besides. */
export interface CellAmount {
  value: number;
  /** The cell printed a dash ("—", "-"): nothing to report, read as zero by arithmetic. */
  dash: boolean;
  percent: boolean;
  currency: boolean;
}

const DASHES = /^[-‒–—―]+$/;
/** Footnote markers a cell may carry after its number: "(1)", "(a)", "*", "†", superscript digits. */
const FOOTNOTE_TAIL = /(?:\s*(?:\([a-z]\)|\(\d\)|[*†‡§]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+))+$/i;
const SPREAD_TAIL = /^([^()]*\d%)\s*\(\s*[±+-]?\s*\d+(?:\.\d+)?\s*%?\s*\)$/;
const NUMBER_BODY = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/;

/**
 * Reads a printed amount: thousands separators, a currency sign, a trailing or leading %, a negative in
 * parentheses or with a minus, a dash for none, footnote markers. Null when the cell is not one number
 * ("Total assets", "2021 and 2020", "n/m").
 */
export function parseAmount(text: string): CellAmount | null {
  let t = text.replace(/\s+/g, ' ').trim();
  if (t === '') return null;
  if (DASHES.test(t.replace(/[$\s]/g, '')))
    return { value: 0, dash: true, percent: false, currency: /\$/.test(t) };
  // a marker after a number, never a lone "(1)" (a negative one)
  if (/\d[\s)%]*(\([a-z\d]\)|[*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰])+$/i.test(t) && !/^\(\d\)$/.test(t))
    t = t.replace(FOOTNOTE_TAIL, '');
  // a result with its spread or gain in parentheses ("73.2% (1.9%)", "61.5% (±0.8)"): the result is the value
  t = t.replace(SPREAD_TAIL, '$1');
  const currency = /[$€£¥]/.test(t);
  const percent = /%/.test(t);
  t = t
    .replace(/\bUS\$|\bUSD\b|[$€£¥%]/g, '')
    .trim()
    .replace(/^\(\s+/, '(')
    .replace(/\s+\)$/, ')')
    .replace(/^([-−–])\s+/, '$1');
  if (/\s/.test(t)) return null; // two numbers ("63,355 63,948"), not one
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  } else if (/^\(.*[^)]$/.test(t)) {
    negative = true; // "(1,234" with its ")" in the next column
    t = t.slice(1);
  }
  if (/^[-−–]/.test(t)) {
    negative = !negative;
    t = t.slice(1);
  }
  if (!NUMBER_BODY.test(t)) return null;
  const value = Number(t.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  return { value: negative ? -value : value, dash: false, percent, currency };
}

/** A bare year ("2021", "FY2021", "Fiscal 2021", "December 31, 2021"): the last four-digit year in the text. */
export function yearOf(text: string): number | null {
  const years = [...text.matchAll(/(?:^|[^\d,.])((?:19|20)\d\d)(?![\d,])/g)].map((m) => Number(m[1]));
  if (years.length === 0) {
    const short = /\bFY\s?'?(\d\d)\b/i.exec(text);
    return short ? 2000 + Number(short[1]) : null;
  }
  return years[years.length - 1] ?? null;
}

/** The one year a column header names; null when it names none or several ("Oct 1, 2022 Sep 25, 2021"). */
export function columnYear(header: string): number | null {
  const years = new Set([...header.matchAll(/(?:^|[^\d,.])((?:19|20)\d\d)(?![\d,])/g)].map((m) => m[1]));
  return years.size > 1 ? null : yearOf(header);
}

/** A cell that is only a period header: a year, a date, "Fiscal 2021", "FY21" (never an amount). */
export function isPeriodText(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return yearOf(t) !== null && !/\d,\d{3}(?!\d)/.test(t.replace(/\b(?:19|20)\d\d\b/g, '')) && t.length <= 60;
}

/**
 * "(Millions)", "(Millions, except per share amounts)", "($ in millions)", "(USD millions)", "millions of dollars": a
 * scale word in a table's corner or title.
 */
const scaleWords = (word: string, short: string) =>
  new RegExp(
    String.raw`\b(?:(?:amounts?|expressed|\$|dollars|USD)\s+)?in\s+(?:(?:us\s*)?(?:\$|dollars|usd|eur|euros)\s+)?${word}s?\b|\(\s*(?:\$|usd|us\$|dollars)?\s*(?:in\s+)?${word}s?(?:\s+of\s+(?:u\.?s\.?\s+)?dollars)?\s*[),]|\b${word}s\s+of\s+(?:u\.?s\.?\s+)?dollars\b|${short}`,
    'i',
  );
const SCALE_WORDS: Array<[RegExp, NumberScale]> = [
  [scaleWords('billion', String.raw`\(\s*\$?\s*bn\s*\)|\$\s?bn?\b`), 'billions'],
  [scaleWords('million', String.raw`\(\s*\$?\s*(?:mm?|mn|mil)\s*\)|\$\s?mm?\b`), 'millions'],
  [scaleWords('thousand', String.raw`\(\s*\$?\s*0{3}s?\s*\)|\$\s?000s?\b|\$\s?k\b`), 'thousands'],
];

/** The scale a line states ("(In millions, except per share data)", "$ in thousands", "($000)"); null if none. */
export function scaleOf(text: string): NumberScale | null {
  // "shares in millions" scales share counts only; the amounts' scale is the first one stated
  const amounts = text.replace(/\bshares? in \w+/gi, '');
  let first: { at: number; scale: NumberScale } | null = null;
  for (const [pattern, scale] of SCALE_WORDS) {
    const at = amounts.search(pattern);
    if (at >= 0 && (!first || at < first.at)) first = { at, scale };
  }
  return first?.scale ?? null;
}

/** The multiplier of a scale. */
export const SCALE_FACTOR: Record<NumberScale, number> = {
  units: 1,
  thousands: 1e3,
  millions: 1e6,
  billions: 1e9,
};

/** A value as a statement prints it: thousands separators, negatives in parentheses ("(1,176)", "26,291", "2.5"). */
export function formatAmount(value: number, decimals?: number): string {
  const places = decimals ?? (Number.isInteger(value) ? 0 : Math.min(4, decimalsOf(value)));
  const body = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  });
  return value < 0 ? `(${body})` : body;
}

function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Normalises a label or a question for matching: lower case, straight quotes, words and "&" only. */
export function normaliseLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(FOOTNOTE_TAIL, '')
    .replace(/\.{3,}/g, ' ')
    .replace(/[^a-z0-9&'% ]+/g, ' ')
    .replace(/'s\b|s'(?=\s|$)/g, 's')
    .replace(/\s+/g, ' ')
    .trim();
}
