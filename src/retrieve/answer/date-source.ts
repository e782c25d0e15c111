import type { AnswerElement } from '../extractive-answer';
import { contentWords, sentences } from '../text-match';
import {
  type AnswerCandidate,
  type AnswerEvidence,
  citationAt,
  type CandidateSource,
  type EvidencePage,
  listAnswer,
  typedAnswer,
} from './typed-answer';

// A date the question asks for ("what date is on the letter", "when was it signed", "format the date as YYYY-MM"),
// read from the evidence in any printed form and answered in ISO form or in the format the question gives.

/** A date printed in a text: its ISO form (YYYY-MM-DD, or YYYY-MM when no day is printed) and where it stands. */
export interface PrintedDate {
  iso: string;
  printed: string;
  index: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:1[89]|20)\\d{2})';
const FORMS: Array<{ pattern: RegExp; iso: (m: RegExpExecArray) => string | null }> = [
  // "February 8, 2021", "Feb. 8 2021"
  {
    pattern: new RegExp(`\\b${MONTH}\\.?\\s+${DAY},?\\s+${YEAR}\\b`, 'gi'),
    iso: (m) => ymd(m[3]!, m[1]!, m[2]!),
  },
  // "8 February 2021", "8th of Feb 2021"
  {
    pattern: new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH}\\.?,?\\s+${YEAR}\\b`, 'gi'),
    iso: (m) => ymd(m[3]!, m[2]!, m[1]!),
  },
  // "2021-02-08"
  {
    pattern: new RegExp(`\\b${YEAR}[-/.](\\d{1,2})[-/.](\\d{1,2})\\b`, 'g'),
    iso: (m) => numeric(m[1]!, m[2]!, m[3]!),
  },
  // "02/08/2021": month first unless the first number cannot be a month
  {
    pattern: new RegExp(`\\b(\\d{1,2})[/.-](\\d{1,2})[/.-]${YEAR}\\b`, 'g'),
    iso: (m) => (Number(m[1]) > 12 ? numeric(m[3]!, m[2]!, m[1]!) : numeric(m[3]!, m[1]!, m[2]!)),
  },
  // "July 2009", "Revised May 2016"
  { pattern: new RegExp(`\\b${MONTH}\\.?,?\\s+${YEAR}\\b`, 'gi'), iso: (m) => ym(m[2]!, m[1]!) },
];

const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (name: string) => MONTHS.indexOf(name.toLowerCase().slice(0, 3)) + 1;

function numeric(year: string, month: string, day: string): string | null {
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${year}-${pad(m)}-${pad(d)}` : null;
}

const ymd = (year: string, month: string, day: string) => numeric(year, String(monthOf(month)), day);
const ym = (year: string, month: string) => `${year}-${pad(monthOf(month))}`;

/** Every date the text prints, in reading order; a longer form wins over the shorter one inside it. */
export function datesIn(text: string): PrintedDate[] {
  const found: PrintedDate[] = [];
  for (const form of FORMS) {
    for (const m of text.matchAll(form.pattern)) {
      const iso = form.iso(m);
      const end = m.index + m[0].length;
      const overlaps = found.some((f) => m.index < f.index + f.printed.length && end > f.index);
      if (iso && !overlaps) found.push({ iso, printed: m[0], index: m.index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** "YYYY-MM-DD", "MM/DD/YYYY", "YYYY-MM": the format the question asks the date in, as written there. */
export function dateFormatAsked(question: string): string | null {
  return (
    /\b(?:YYYY[-/.]MM(?:[-/.]DD)?|(?:MM[-/.]DD|DD[-/.]MM)[-/.]YYYY|MM[-/.]YYYY)\b/i.exec(question)?.[0] ??
    null
  );
}

/** The ISO date written in the format asked; a format that wants a day the document does not print gives null. */
export function formatDate(iso: string, format: string | null): string | null {
  if (!format) return iso;
  const [year, month, day] = iso.split('-');
  if (/dd/i.test(format) && day === undefined) return null;
  return format
    .replace(/yyyy/i, year!)
    .replace(/mm/i, month!)
    .replace(/dd/i, day ?? '');
}

/** The question asks for a date: names one, gives a date format, or asks when something was dated or signed. */
export function asksForDate(question: string): boolean {
  return (
    dateFormatAsked(question) !== null ||
    /\b(?:what|which|the) date\b|\bdated\b|\bdate (?:on|of|in|mentioned|shown|printed|written)\b/i.test(
      question,
    ) ||
    /\bwhen (?:was|were|is|did)\b[^?]*\b(?:sign|date|file|publish|issue|releas|revis|adopt|enact|approv|submit)\w*/i.test(
      question,
    )
  );
}

/** Question words that frame the date, not what it belongs to. */
const FRAMING = new Set(
  contentWords(
    'date dated format formatted mentioned shown printed written page yyyy mm dd day month year when',
  ),
);

interface Found {
  date: PrintedDate;
  page: EvidencePage;
  element: AnswerElement;
  support: number;
}

/**
 * How strongly the question's words point at a date: the share of them in the date's own sentence, then (by half)
 * near it across sentences ("Hearing:" on the line above), then by a tenth how close the nearest one stands.
 */
function supportOf(text: string, date: PrintedDate, words: string[]): number {
  if (words.length === 0) return 0;
  const share = (part: string) => {
    const present = new Set(contentWords(part));
    return words.filter((w) => present.has(w)).length / words.length;
  };
  const end = date.index + date.printed.length;
  const from = Math.max(...['. ', '! ', '? ', '; ', '\n'].map((b) => text.lastIndexOf(b, date.index) + 1));
  const to = text.slice(end).search(/[.!?;\n](?:\s|$)/);
  const sentence = share(text.slice(from, to < 0 ? undefined : end + to));
  const near = share(text.slice(Math.max(0, date.index - 120), end + 60));
  if (sentence + near === 0) return 0;
  let closest = Infinity;
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu))
    if (words.includes(contentWords(m[0])[0] ?? ''))
      closest = Math.min(closest, Math.abs(m.index - date.index));
  return sentence + 0.5 * near + 0.1 / (1 + closest / 40);
}

/** The date of the evidence the words stand beside most, else the first; never one the question gives itself. */
function bestDate(evidence: AnswerEvidence, words: string[], format: string | null): Found | null {
  const asked = evidence.question.toLowerCase();
  let best: Found | null = null;
  for (const page of evidence.pages) {
    for (const element of page.elements) {
      for (const date of datesIn(element.text)) {
        // a date the question itself gives ("the survey of May 2018") is what it asks about, not the answer
        if (asked.includes(date.printed.toLowerCase()) || formatDate(date.iso, format) === null) continue;
        const support = supportOf(element.text, date, words);
        if (best === null || support > best.support) best = { date, page, element, support };
      }
    }
  }
  return best;
}

/** "What are the filing and hearing dates?": the two things whose dates a list answer gives, in order. */
export function datesOfEach(question: string): [string, string] | null {
  const m = /\b([\p{L}-]+) and (?:the )?([\p{L}-]+) dates\b/iu.exec(question);
  return m ? [m[1]!, m[2]!] : null;
}

const quoteOf = ({ date, element }: Found) =>
  sentences(element.text).find((s) => s.includes(date.printed) && element.text.includes(s)) ?? date.printed;

/** "The filing and hearing dates": each thing's date, read beside its own word; null unless both are found apart. */
function eachDate(evidence: AnswerEvidence, format: string | null): AnswerCandidate | null {
  const things = datesOfEach(evidence.question);
  if (!things) return null;
  const found = things.map((thing) => bestDate(evidence, contentWords(thing), format));
  const [first, second] = found;
  if (!first || !second || first.support === 0 || second.support === 0 || first.date === second.date)
    return null;
  const items = found.map((f) => formatDate(f!.date.iso, format)!);
  return {
    answer: listAnswer(items, things.map((t, i) => `${t}: ${items[i]}`).join('; ')),
    citations: found.map((f) => citationAt(f!.page, f!.element, quoteOf(f!))),
    analysis: `Each date read beside the word that names it: ${things
      .map((t, i) => `"${t}" → "${found[i]!.date.printed}" (p. ${found[i]!.page.pageNumber})`)
      .join(', ')}.`,
  };
}

export const dateSource: CandidateSource = (evidence) => {
  if (evidence.kind === 'YES_NO' || !asksForDate(evidence.question)) return null;
  const format = dateFormatAsked(evidence.question);
  if (evidence.kind === 'LIST') return eachDate(evidence, format);
  const best = bestDate(
    evidence,
    contentWords(evidence.question).filter((w) => !FRAMING.has(w)),
    format,
  );
  if (!best) return null;
  const value = formatDate(best.date.iso, format)!;
  const { date, page, element } = best;
  const quote = quoteOf(best);
  return {
    answer: typedAnswer('DATE', `${value} — ${quote} [p. ${page.pageNumber}]`, { value }),
    citations: [citationAt(page, element, quote)],
    analysis:
      `The date printed as "${date.printed}" on p. ${page.pageNumber} (evidence step ${page.step})` +
      (format ? `, written as ${format} as the question asks.` : ', in ISO form.'),
  };
};
