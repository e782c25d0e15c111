import { stem } from '../text-match';
import type { CountedNoun } from './stated-count';
import type { NumberMention } from './typed-value';

// Which of a sentence's numbers answers the question: the one the question's own words sit around, a number
// followed by the noun the question counts ("538 square miles"), and in "A, B and C for 2015, 2014 and 2013,
// respectively" the value in the place of the year asked. Pure functions over text.

/** Words further than this from a number (in words) say nothing about it. */
const WINDOW = 12;

interface Word {
  stem: string;
  start: number;
  end: number;
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[\p{L}][\p{L}'’]*/gu)].map((m) => ({
    stem: stem(m[0].toLowerCase().replace(/['’]s$/, '')),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * How strongly the words around a number tie it to the question: each question word counts 1/d at its nearest
 * occurrence d words away (within WINDOW), and a question word right after the number (its unit or the thing it
 * counts) counts once more.
 */
export function tieScore(text: string, mention: NumberMention, questionWords: ReadonlySet<string>): number {
  const words = wordsOf(text);
  const end = mention.index + mention.printed.length;
  const after = words.findIndex((w) => w.start >= end);
  const firstAfter = after < 0 ? words.length : after;
  const lastBefore = words.reduce((k, w, i) => (w.end <= mention.index ? i : k), -1);
  const asked = [...questionWords];
  // the light stemmer leaves "produce" and "produced" as "produce" and "produc": a shared stem of 4+ letters meets
  const askedWord = (word: string) =>
    asked.find(
      (q) =>
        q === word || (Math.min(q.length, word.length) >= 4 && (q.startsWith(word) || word.startsWith(q))),
    );
  const best = new Map<string, number>();
  words.forEach((w, i) => {
    const q = askedWord(w.stem);
    if (q === undefined) return;
    const d = i >= firstAfter ? i - firstAfter + 1 : i <= lastBefore ? lastBefore - i + 1 : 1;
    if (d <= WINDOW) best.set(q, Math.max(best.get(q) ?? 0, 1 / d));
  });
  const unitNoun = words[firstAfter];
  const bonus =
    unitNoun && askedWord(unitNoun.stem) !== undefined && /^[\s$%)]*$/.test(text.slice(end, unitNoun.start))
      ? 1
      : 0;
  return [...best.values()].reduce((a, b) => a + b, 0) + bonus;
}

/** Words ending in "s" that are no plural noun. */
const NOT_PLURAL =
  /^(?:was|is|has|this|its|thus|plus|less|across|always|perhaps|unless|yes|us|as|his|hers|ours|yours|theirs)$/i;

/**
 * The number counts something else than `noun`: the plural noun printed right after it is another one ("2,596
 * respondents" for "how many quotations"). A number followed by anything else ("60 refuted claims", "2 Select …")
 * may count it.
 */
export function countsOtherThing(text: string, mention: NumberMention, noun: CountedNoun): boolean {
  const end = mention.index + mention.printed.length;
  const next = /^\s+([\p{L}][\p{L}'’-]*)/u.exec(text.slice(end))?.[1];
  if (!next || !/[^s]s$/i.test(next) || next.length < 4 || NOT_PLURAL.test(next)) return false;
  const word = stem(next.toLowerCase());
  const head = noun.head;
  return !(
    word === head ||
    (Math.min(word.length, head.length) >= 4 && (word.startsWith(head) || head.startsWith(word)))
  );
}

/** What stands between two items of a series: a comma, "and", "or" ("$5.1, $4.0 and $3.2", "2015 , 2014 and 2013"). */
const SERIES_GAP = /^\s*(?:,\s*(?:and|or)?|and|or|&)\s*$/i;
/** Words that open a key phrase and are not part of it ("for the Americas", "in Europe"). */
const KEY_OPENING = /^(?:(?:for|in|at|on|of|among|by|from|to|across|within|between|the|our|its|their)\s+)+/i;
/** A key longer than this many words is a clause, not the name of one of a series' places. */
const MAX_KEY_WORDS = 5;

/** A sentence's pairing of a series of values with a series of keys ("…, respectively"), in printed order. */
export interface RespectivePairs {
  /** What the values are of: the sentence's words before the values ("Advertising expenses were"). */
  subject: string;
  /** The keys: years ("2015") or the names of the things the values belong to ("the Americas"). */
  keys: string[];
  values: NumberMention[];
  /** Whether the keys are years. */
  byYear: boolean;
}

/** Consecutive mentions printed with only commas and "and"/"or" between them. */
function seriesOf(text: string, mentions: NumberMention[]): NumberMention[][] {
  const runs: NumberMention[][] = [];
  for (const m of mentions) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    const joined =
      last !== undefined &&
      last.isYear === m.isYear &&
      SERIES_GAP.test(text.slice(last.index + last.printed.length, m.index));
    if (run && joined) run.push(m);
    else runs.push([m]);
  }
  return runs.filter((r) => r.length >= 2);
}

/** "for the Americas, Asia and Europe, " → ["Americas", "Asia", "Europe"]. */
function keyPhrases(text: string): string[] {
  return text
    .replace(/[\s,]+$/, '')
    .split(/\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+/i)
    .map((k) => k.trim().replace(KEY_OPENING, '').trim())
    .filter((k) => k !== '');
}

/**
 * "Advertising expenses were $714.3 million, $533.1 million and $404.0 million for 2015, 2014 and 2013,
 * respectively" or "… grew 12% and 8% in the Americas and in Europe, respectively": the values paired with their
 * keys; null when the text does not pair a series of like values with a series of keys of the same length.
 */
export function respectivePairs(text: string, mentions: NumberMention[]): RespectivePairs | null {
  const end = text.search(/\brespectively\b/i);
  if (end < 0) return null;
  const series = seriesOf(
    text,
    mentions.filter((m) => m.index < end),
  );
  const values = series.find((r) => !r[0]!.isYear && new Set(r.map((v) => v.unit)).size === 1);
  if (!values) return null;
  const subjectStart = Math.max(0, text.lastIndexOf(';', values[0]!.index) + 1);
  const subject = text.slice(subjectStart, values[0]!.index).trim();
  const years = series.find((r) => r[0]!.isYear && r.length === values.length);
  if (years) return { subject, keys: years.map((y) => y.value), values, byYear: true };
  const last = values.at(-1)!;
  const keys = keyPhrases(text.slice(last.index + last.printed.length, end));
  if (keys.length !== values.length || keys.some((k) => k.split(/\s+/).length > MAX_KEY_WORDS)) return null;
  return { subject, keys, values, byYear: false };
}

/** The value printed in the place of the one year asked in "…, respectively"; null when there is none. */
export function respectiveValue(
  text: string,
  mentions: NumberMention[],
  askedYears: number[],
): NumberMention | null {
  if (askedYears.length !== 1) return null;
  const pairs = respectivePairs(text, mentions);
  if (!pairs?.byYear) return null;
  return pairs.values[pairs.keys.indexOf(String(askedYears[0]))] ?? null;
}
