import type { AnswerElement } from '../extractive-answer';
import { contentWords, sentences } from '../text-match';
import {
  type AnswerCandidate,
  type AnswerEvidence,
  citationAt,
  type CandidateSource,
  type EvidencePage,
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

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:1[89]|20)\\d{2})';
const FORMS: Array<{ pattern: RegExp; iso: (m: RegExpExecArray) => string | null }> = [
  // "February 8, 2021", "Feb. 8 2021"
  { pattern: new RegExp(`\\b${MONTH}\\.?\\s+${DAY},?\\s+${YEAR}\\b`, 'gi'), iso: (m) => ymd(m[3]!, m[1]!, m[2]!) },
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
    /\b(?:YYYY[-/.]MM(?:[-/.]DD)?|(?:MM[-/.]DD|DD[-/.]MM)[-/.]YYYY|MM[-/.]YYYY)\b/i.exec(question)?.[0] ?? null
  );
}

/** The ISO date written in the format asked; a format that wants a day the document does not print gives null. */
export function formatDate(iso: string, format: string | null): string | null {
  if (!format) return iso;
  const [year, month, day] = iso.split('-');
  if (/dd/i.test(format) && day === undefined) return null;
  return format.replace(/yyyy/i, year!).replace(/mm/i, month!).replace(/dd/i, day ?? '');
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
  contentWords('date dated format formatted mentioned shown printed written page yyyy mm dd day month year when'),
);

interface Found {
  date: PrintedDate;
  page: EvidencePage;
  element: AnswerElement;
  support: number;
}

/** Share of the question's own words printed near the date (before it most of all: "Signed on …", "Revised …"). */
function supportOf(text: string, index: number, words: string[]): number {
  if (words.length === 0) return 0;
  const near = new Set(contentWords(text.slice(Math.max(0, index - 120), index + 60)));
  return words.filter((w) => near.has(w)).length / words.length;
}

export const dateSource: CandidateSource = (evidence: AnswerEvidence): AnswerCandidate | null => {
  if (evidence.kind === 'LIST' || evidence.kind === 'YES_NO' || !asksForDate(evidence.question))
    return null;
  const format = dateFormatAsked(evidence.question);
  const words = contentWords(evidence.question).filter((w) => !FRAMING.has(w));
  const asked = evidence.question.toLowerCase();
  let best: Found | null = null;
  for (const page of evidence.pages) {
    for (const element of page.elements) {
      for (const date of datesIn(element.text)) {
        // a date the question itself gives ("the survey of May 2018") is what it asks about, not the answer
        if (asked.includes(date.printed.toLowerCase()) || formatDate(date.iso, format) === null) continue;
        const support = supportOf(element.text, date.index, words);
        if (best === null || support > best.support) best = { date, page, element, support };
      }
    }
  }
  if (!best) return null;
  const value = formatDate(best.date.iso, format)!;
  const { date, page, element } = best;
  const quote =
    sentences(element.text).find((s) => s.includes(date.printed) && element.text.includes(s)) ?? date.printed;
  return {
    answer: typedAnswer('DATE', `${value} — ${quote} [p. ${page.pageNumber}]`, { value }),
    citations: [citationAt(page, element, quote)],
    analysis:
      `The date printed as "${date.printed}" on p. ${page.pageNumber} (evidence step ${page.step})` +
      (format ? `, written as ${format} as the question asks.` : ', in ISO form.'),
  };
};
