import { contentWords } from '../text-match';

// Numbered labels a question names ("Unit 8", "Chapter 3", "Step 2.1") and whether a passage names the same one,
// another one of the same series, or none: a list under "UNIT 7" does not answer a question about Unit 8.

/** A number of one to three digits, with one sub-level at most, that is no part of a longer number. */
const NUMBER = String.raw`\d{1,3}(?:\.\d{1,2})?(?![\d%]|[.,]\d)`;
/** A word, then its number or a series of them: "unit 8", "step 2.1", "unit-8", "units 4, 5 and 6". */
const LABEL = new RegExp(
  String.raw`(\p{L}{3,})(?:\s+|-)(${NUMBER}(?:\s*(?:,|&|and|or)\s*(?:and\s+|or\s+)?${NUMBER})*)`,
  'giu',
);
/** Words that count, rank or locate rather than name a series. */
const NOT_SERIES = new Set(
  'top first last next past than nearly almost approximately around least just only page'.split(' '),
);

export interface NumberedLabel {
  /** The series word, lower-cased and stemmed: "unit", "chapter". */
  series: string;
  number: string;
}

/** The numbered labels written in a text, in order. */
export function numberedLabels(text: string): NumberedLabel[] {
  const out: NumberedLabel[] = [];
  for (const m of text.matchAll(LABEL)) {
    const [series] = contentWords(m[1]!);
    if (!series || NOT_SERIES.has(series)) continue;
    for (const number of m[2]!.match(/[\d.]+/g)!) out.push({ series, number });
  }
  return out;
}

/**
 * How a passage stands to the question's labels: 'same' when it names one of them, 'other' when it names another
 * number of a series the question labels (and none of the question's), 'none' otherwise.
 */
export function labelAgreement(asked: NumberedLabel[], text: string): 'same' | 'other' | 'none' {
  if (asked.length === 0) return 'none';
  const named = numberedLabels(text);
  if (named.some((n) => asked.some((a) => a.series === n.series && a.number === n.number))) return 'same';
  return named.some((n) => asked.some((a) => a.series === n.series)) ? 'other' : 'none';
}
