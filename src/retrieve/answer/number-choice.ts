import { stem } from '../text-match';
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

/**
 * "… $34.7 million, $26.6 million and $27.9 million for 2015, 2014 and 2013, respectively": the value printed in
 * the place of the year the question names; null when the text does not pair values with years that way.
 */
export function respectiveValue(
  text: string,
  mentions: NumberMention[],
  askedYears: number[],
): NumberMention | null {
  if (askedYears.length !== 1 || !/\brespectively\b/i.test(text)) return null;
  const years = mentions.filter((m) => m.isYear);
  const values = mentions.filter((m) => !m.isYear);
  if (years.length < 2 || values.length < years.length) return null;
  const place = years.findIndex((y) => Number(y.value) === askedYears[0]);
  if (place < 0) return null;
  // the values the years pair with: the run of like values printed just before the years
  const before = values.filter((v) => v.index < years[0]!.index);
  const run = before.slice(-years.length);
  if (run.length !== years.length || new Set(run.map((v) => v.unit)).size !== 1) return null;
  return run[place] ?? null;
}
