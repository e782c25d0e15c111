// Small lexical tools for the offline answer: content words of a question and how much of them a sentence holds.

const STOPWORDS = new Set(
  (
    'a an and are as at be been being by can could did do does doing for from had has have how i if in into is it ' +
    'its me my no not of on or our so such than that the their them then there these they this those to was we ' +
    'were what when where which while who whom why will with would you your about above after again all also any ' +
    'because before below between both during each few more most other over same should some through under until ' +
    'up very according document report page pages shown show shows mentioned mention give given list'
  ).split(' '),
);

/** The text's words without stop words, as written (no stemming): for indexes whose analyzer keeps stop words. */
export function withoutStopwords(text: string): string {
  return text
    .split(/\s+/)
    .filter((w) => !STOPWORDS.has(w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')))
    .join(' ');
}

/** A light suffix stemmer: enough for "re-ranking" to meet "rerank" and "pages" to meet "page". */
export function stem(word: string): string {
  const w = word.replace(/(?<=\p{L})-(?=\p{L})/gu, '');
  // "-es" only after x, ch, sh, ss, zz ("boxes", "branches", "classes"): "figures", "expenses" and "sizes" lose just
  // their "s", so they meet "figure", "expense" and "size"
  if (w.length > 4 && /(?:x|ch|sh|ss|zz)es$/.test(w)) return w.slice(0, -2);
  // "-ies" after a consonant is the plural of "-y": "counties" meets "county", "policies" meets "policy"
  if (w.length > 5 && /[^aeiou]ies$/.test(w)) return `${w.slice(0, -3)}y`;
  for (const suffix of ['ing', 'ed', 's']) {
    if (w.length > suffix.length + 3 && w.endsWith(suffix) && !w.endsWith('ss'))
      return w.slice(0, -suffix.length);
  }
  return w;
}

/** Whether `word` is `noun` or its plural ("quiz" of "quizzes", "study" of "studies"), ignoring case. */
export function sameNoun(word: string, noun: string): boolean {
  const [w, n] = [word.toLowerCase(), noun.toLowerCase()];
  if (w === n) return true;
  const [short, long] = w.length < n.length ? [w, n] : [n, w];
  return [`${short}s`, `${short}es`, `${short}${short.at(-1)}es`, `${short.slice(0, -1)}ies`].includes(long);
}

/** Lower-cased, stemmed content words (numbers kept whole: "0.75", "12%"). */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}.%$-]*/gu) ?? [])
    .map((w) => w.replace(/[.-]+$/, '').replace(/'s$/, ''))
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);
}

/** Share of the question's distinct content words that occur in the text (0–1). */
export function coverage(questionWords: string[], text: string): number {
  const wanted = new Set(questionWords);
  if (wanted.size === 0) return 0;
  const present = new Set(contentWords(text));
  let hit = 0;
  for (const w of wanted) if (present.has(w)) hit++;
  return hit / wanted.size;
}

/** Sentences of a passage; table rows and list items (one per line) stay whole. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/))
    .map((s) => s.trim())
    .filter((s) => s.length >= 3);
}
