import { MIN_TYPO_LENGTH, withinOneEdit } from './answerability';

// A misspelt question word ("advertsing") finds nothing in the full-text index and counts as missing from the
// document in the answer's cues. A word the document never prints, that the embedding model's vocabulary does not
// hold whole either (so it is no English word), and that is one edit from a word the document prints, is read as
// that word. A real word is never changed: "write" stays "write" in a document that prints only "white".

export interface Respelling {
  /** The question with its misspelt words replaced. */
  question: string;
  corrections: Array<{ from: string; to: string }>;
}

/** `to` in the case `from` was written in ("Neflix" → "Netflix", "NEFLIX" → "NETFLIX"). */
function inCaseOf(from: string, to: string): string {
  if (from === from.toUpperCase()) return to.toUpperCase();
  return /^\p{Lu}/u.test(from) ? to[0]!.toUpperCase() + to.slice(1) : to;
}

/** Words that are no word of the language and long enough to be read as a typo: only these need the documents. */
export function unknownWords(question: string, knowsWord: (word: string) => boolean): string[] {
  return (question.match(/\p{L}+/gu) ?? [])
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= MIN_TYPO_LENGTH && !knowsWord(w));
}

/**
 * The question with each misspelt word read as the document's word one edit away (the most printed one; none when
 * two are printed equally often), or null when no word needs it. `spellings` are the document's words (lower case)
 * with how often each is printed; `knowsWord` says whether a word is a word of the language.
 */
export function respelled(
  question: string,
  spellings: ReadonlyMap<string, number>,
  knowsWord: (word: string) => boolean,
): Respelling | null {
  const corrections: Respelling['corrections'] = [];
  const text = question.replace(/\p{L}+/gu, (word) => {
    const lower = word.toLowerCase();
    if (lower.length < MIN_TYPO_LENGTH || spellings.has(lower) || knowsWord(lower)) return word;
    const near = [...spellings]
      .filter(([printed]) => Math.abs(printed.length - lower.length) <= 1 && withinOneEdit(lower, printed))
      .sort((a, b) => b[1] - a[1]);
    const [best, second] = near;
    if (!best || (second && second[1] === best[1])) return word;
    const to = inCaseOf(word, best[0]);
    corrections.push({ from: word, to });
    return to;
  });
  return corrections.length > 0 ? { question: text, corrections } : null;
}

/** How a search's trace and an answer's analysis say it: 'read "advertsing" as "advertising"'. */
export const respellingNote = (r: Respelling): string =>
  `read ${r.corrections.map((c) => `"${c.from}" as "${c.to}"`).join(', ')} (the document's spelling)`;

/**
 * The corrections applied to another text of the question: the search reads the question without its answer-format
 * instructions ("Round to three decimal places"), which the answer still needs.
 */
export function withCorrections(question: string, r: Respelling): string {
  const to = new Map(r.corrections.map((c) => [c.from, c.to]));
  return question.replace(/\p{L}+/gu, (word) => to.get(word) ?? word);
}
