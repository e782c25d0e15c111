// Small, deterministic text statistics for the offline fallbacks (no model, no corpus needed).

const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each either few for from further had has have having he her ' +
    'here hers him his how i if in into is it its itself just me more most my no nor not of off on once only or other ' +
    'our ours out over own same she should so some such than that the their theirs them then there these they this ' +
    'those through to too under until up very was we were what when where which while who whom whose why will with ' +
    'would you your yours many much give tell list show find according mentioned document report page pages per ' +
    'whether there shall may might must s t'
  ).split(' '),
);

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/** Lower-cased words and numbers ("3.5", "2,000" stay whole). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu) ?? [];
}

/** A light suffix stripper so "revenues"/"revenue", "growing"/"grow" and "doubled"/"double" meet (irregular forms do not). */
export function stem(word: string): string {
  if (/^\d/.test(word)) return word.replace(/,/g, '');
  let w = word.replace(/['’]s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is'))
    w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Stemmed content words in order of appearance (duplicates kept). */
export function contentTerms(text: string): string[] {
  return tokenize(text)
    .filter((w) => !isStopword(w) && (w.length > 1 || /\d/.test(w)))
    .map(stem);
}

export function uniqueContentTerms(text: string): string[] {
  return [...new Set(contentTerms(text))];
}

export interface Overlap {
  matched: string[];
  missing: string[];
  /** matched / question terms; 0 when the question has no content words. */
  coverage: number;
}

/** How many of the question's content words the text contains (reported as the question spells them). */
export function lexicalOverlap(question: string, text: string): Overlap {
  const wanted = uniqueContentTerms(question);
  const present = new Set(contentTerms(text));
  const forms = surfaceForms(question);
  const spelled = (t: string) => forms.get(t) ?? t;
  const matched = wanted.filter((t) => present.has(t)).map(spelled);
  const missing = wanted.filter((t) => !present.has(t)).map(spelled);
  return { matched, missing, coverage: wanted.length === 0 ? 0 : matched.length / wanted.length };
}

/** Sentences split on terminal punctuation or line breaks, keeping abbreviations like "e.g." and "3.5" whole. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s*\n\s*\n\s*/g, '\n')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“([])|\n+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0);
}

/**
 * TF-IDF weights of the text's content terms, with its sentences as the documents. Smoothed IDF
 * (1 + ln(1 + N/df)) keeps terms that recur across sentences — a passage's topic — from scoring zero.
 */
export function tfIdf(sentences: string[]): Map<string, number> {
  const tf = new Map<string, number>();
  const df = new Map<string, number>();
  for (const sentence of sentences) {
    const terms = contentTerms(sentence).filter((t) => !/^\d/.test(t));
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = Math.max(1, sentences.length);
  const weights = new Map<string, number>();
  for (const [term, count] of tf) weights.set(term, count * (1 + Math.log(1 + n / (df.get(term) ?? 1))));
  return weights;
}

/** The most frequent written form of each stem, so keywords read "revenue", not "revenu". */
export function surfaceForms(text: string): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const word of tokenize(text)) {
    if (isStopword(word)) continue;
    const forms = counts.get(stem(word)) ?? new Map<string, number>();
    forms.set(word, (forms.get(word) ?? 0) + 1);
    counts.set(stem(word), forms);
  }
  const best = new Map<string, string>();
  for (const [s, forms] of counts) {
    const [word] = [...forms.entries()].sort(
      (a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]),
    )[0] ?? [s];
    best.set(s, word);
  }
  return best;
}
