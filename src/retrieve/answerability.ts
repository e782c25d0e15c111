import { searchQueryOf } from './search-query';
import { contentWords } from './text-match';

// Whether the offline answer should say "Not answerable": a logistic model over cues that need no LLM. Unanswerable
// questions in MMLongBench-Doc mostly name something the document does not hold (another year, another product, a
// figure number it lacks, a page past its end), so besides how well the best sentence matches, the model asks which
// of the question's words, numbers and names occur anywhere in the document. Pure functions; the weights are fitted
// by `npm run bench:answerable` (scripts/bench/answerable-calibration.ts) and pasted below.

/** The text of one page of a document the answer reads (for the words the document holds anywhere). */
export interface DocumentPageText {
  docId: string;
  pageNumber: number;
  text: string;
}

/** What the answerer measured for one question; every value is 0–1 or a small count. */
export interface AnswerabilityFeatures {
  /** Weighted share of the question's words in the best sentence or cell. */
  bestMatch: number;
  /** The best unit's score relative to the best possible (match, context, type fit and page rank together). */
  bestScore: number;
  /** Weighted share of the question's words found on the pages read. */
  pagesCoverage: number;
  /** Weighted share of the question's words found anywhere in the document (1 when the document is unknown). */
  documentCoverage: number;
  /** Share of the question's adjacent content-word pairs that stand side by side somewhere in the document. */
  documentPairs: number;
  /** Content words of the question (other than pointing words such as "colour", "figure", "total") absent from
   * the whole document: "Thinkpad" asked of a MacBook guide. */
  missingWords: number;
  /** Numbers and years of the question absent from the whole document. */
  missingNumbers: number;
  /** Capitalised names and quoted phrases of the question absent from the whole document. */
  missingNames: number;
  /** "Figure 7", "Table 3", "page 25", "slide 12" that the document does not have. */
  missingReferences: number;
  /** The best unit holds a value of the expected kind that the question does not (a number when one is asked). */
  typedAnswer: number;
}

export const ANSWERABILITY_FEATURES: ReadonlyArray<keyof AnswerabilityFeatures> = [
  'bestMatch',
  'bestScore',
  'pagesCoverage',
  'documentCoverage',
  'documentPairs',
  'missingWords',
  'missingNumbers',
  'missingNames',
  'missingReferences',
  'typedAnswer',
];

export interface AnswerabilityModel {
  bias: number;
  weights: Record<keyof AnswerabilityFeatures, number>;
  /** Below this probability the answer is "Not answerable". */
  threshold: number;
}

/**
 * Fitted by `npm run bench:answerable` (L2 λ = 0.3) with the threshold from grouped cross-validation; the fit and its
 * held-out AUC are in docs/measurements.md, "Offline answers". Refit rather than edit by hand. */
export const ANSWERABILITY_MODEL: AnswerabilityModel = {
  bias: -0.3927,
  weights: {
    bestMatch: 0.3192,
    bestScore: 0.3227,
    pagesCoverage: 0.1714,
    documentCoverage: 0.4626,
    documentPairs: 0.3192,
    missingWords: -0.0246,
    missingNumbers: -1.1284,
    missingNames: -0.7206,
    missingReferences: -0.511,
    typedAnswer: -0.0858,
  },
  threshold: 0.45,
};

export function answerableProbability(
  features: AnswerabilityFeatures,
  model: AnswerabilityModel = ANSWERABILITY_MODEL,
): number {
  let z = model.bias;
  for (const name of ANSWERABILITY_FEATURES) z += model.weights[name] * features[name];
  return 1 / (1 + Math.exp(-z));
}

const cap = (n: number) => Math.min(n, 3);

/** The best unit's share of the question's words above which a value of the kind asked is strong evidence. */
export const STRONG_MATCH = 0.8;

/**
 * A value of the kind asked (a number, a name) in a unit that holds nearly every word of the question, in a document
 * that holds all the question names: answered though the model's probability is low (a short question has few of
 * the coverage cues the model adds up).
 */
export function strongTypedEvidence(features: AnswerabilityFeatures, valueAsked: boolean): boolean {
  return (
    valueAsked &&
    features.typedAnswer === 1 &&
    features.bestMatch >= STRONG_MATCH &&
    features.missingNumbers + features.missingNames + features.missingReferences === 0
  );
}

/**
 * Words a question uses to point at the document or to shape the answer, not to name its content ("the red logo
 * on the cover", "how many figures"): a question may use them whether or not the document's text has them.
 */
const POINTING_WORDS = new Set(
  (
    'color colour colored coloured red green blue yellow black white grey gray orange purple pink brown dark light ' +
    'picture image photo photograph figure fig chart graph diagram plot table slide page cover logo icon symbol box ' +
    'arrow line circle left right top bottom middle center centre corner side upper lower appear shown depict ' +
    'illustrate present mention contain include different distinct total sum gap difference differ change increase ' +
    'decrease highest lowest largest smallest biggest most least higher lower larger smaller first second third ' +
    'fourth fifth last number percentage percent ratio rate amount count name title text word paragraph section ' +
    'chapter part item type kind category value exact absolute average mean compare between among respectively ' +
    'every entire whole main guidebook guideline brochure presentation author paper survey respondent people year ' +
    'day time date many much one two three four five six seven eight nine ten'
  )
    .split(' ')
    .flatMap((w) => contentWords(w)),
);

/** The question without its answer-format instructions: the question as searched (search-query.ts). */
export function questionProper(question: string): string {
  return searchQueryOf(question).query;
}

/** Numbers standing alone in the question ("2018", "65", "3.5", "FY2015"), not digits inside a code ("X1"). */
function questionNumbers(question: string): string[] {
  const text = question.replace(/\b(?:fy|q|h)(?=\d)/gi, '');
  return [...new Set(text.match(/(?<![\p{L}\d])\d+(?:[.,]\d+)*(?![\p{L}\d])/gu) ?? [])].map((n) =>
    n.replace(/,/g, ''),
  );
}

/** "YYYY-MM-DD", "MM/YYYY": the form an answer is asked in, not a name. */
const DATE_FORMAT = /^(?:yyyy|mm|dd)(?:[-/.](?:yyyy|mm|dd))*$/i;

/** "FY2015", "Q3", "H1": a fiscal period, judged as a number (the document prints "2015"), not as a name. */
const PERIOD_CODE = /^(?:fy|q|h)\d*$/i;

/**
 * Capitalised words that do not open a sentence ("Thinkpad", "Lebron Brennan", "GPT-4o") and "quoted phrases".
 * A question written in capitals names nothing by its capitals; a word that opens a sentence ("… in Mexico.
 * According to …") is capitalised by grammar; pointing words ("Page", "Figure") and fiscal periods are not names.
 */
function questionNames(question: string): string[] {
  const quoted = [...question.matchAll(/["“‘']([^"”’']{3,60})["”’']/g)].map((m) => m[1]!.trim());
  const letters = question.match(/\p{L}/gu)?.length ?? 0;
  const capitals = question.match(/\p{Lu}/gu)?.length ?? 0;
  const capitalised =
    capitals > letters / 2
      ? []
      : [
          ...question.matchAll(
            /(?<=[^\s.?!:;]\s+)(\p{Lu}[\p{L}\p{N}&.-]*(?:\s+(?:of |and |for |the )?\p{Lu}[\p{L}\p{N}&.-]*)*)/gu,
          ),
        ].map((m) => m[1]!.replace(/[.-]+$/, ''));
  const isName = (name: string) =>
    name.length > 1 &&
    !DATE_FORMAT.test(name) &&
    name
      .split(/\s+/)
      .some((w) => !PERIOD_CODE.test(w) && !contentWords(w).every((c) => POINTING_WORDS.has(c)));
  return [...new Set([...quoted, ...capitalised].filter(isName).map((n) => n.toLowerCase()))];
}

/** "Figure 7", "Table 3", "page 25", "slide 12", "chapter 4" named by the question. */
function questionReferences(question: string): Array<{ kind: string; number: number }> {
  return [
    ...question.matchAll(/\b(figure|fig\.|table|page|slide|chapter|section|appendix)\s+(\d{1,4})\b/gi),
  ].map((m) => ({ kind: m[1]!.toLowerCase().replace('fig.', 'figure'), number: Number(m[2]) }));
}

const flatten = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** Shorter words are not forgiven a typo: one letter turns "HAQ" into another acronym. */
export const MIN_TYPO_LENGTH = 5;
const TYPO_LENGTH_WORDS = new RegExp(`\\p{L}{${MIN_TYPO_LENGTH},}`, 'gu');
/** A name of this many words or more is mentioned when all but one of its words are (three still name it). */
const LONG_NAME_WORDS = 4;

/** One letter inserted, deleted or replaced, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped || a.slice(i + 1) === b.slice(i + 1);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** What the whole document holds, read once per question: its words, its text, its page count. */
export class DocumentVocabulary {
  readonly words: Set<string>;
  readonly text: string;
  private readonly pairs: Set<string>;
  /** The text as lower-case words separated by single spaces, for phrase look-ups. */
  private readonly flat: string;
  readonly pageCount: number;
  /** The text with thousands separators removed, for number look-ups. */
  private readonly digits: string;
  /** How often each word of MIN_TYPO_LENGTH letters or more is printed, as printed (lower case): a question's
   * misspelt word is read as the document's word one edit away. */
  readonly spellings: ReadonlyMap<string, number>;

  constructor(pages: readonly DocumentPageText[]) {
    this.text = pages
      .map((p) => p.text)
      .join('\n')
      .toLowerCase()
      .replace(/\s+/g, ' ');
    const all = contentWords(this.text);
    this.words = new Set(all);
    this.pairs = new Set(all.slice(1).map((w, i) => `${all[i]!} ${w}`));
    this.flat = flatten(this.text);
    this.pageCount = pages.reduce((max, p) => Math.max(max, p.pageNumber), 0);
    this.digits = this.text.replace(/(?<=\d),(?=\d{3})/g, '');
    const spellings = new Map<string, number>();
    for (const word of this.text.match(TYPO_LENGTH_WORDS) ?? [])
      spellings.set(word, (spellings.get(word) ?? 0) + 1);
    this.spellings = spellings;
  }

  get empty(): boolean {
    return this.text.trim().length === 0;
  }

  hasNumber(n: string): boolean {
    // "2,018" and "2018" alike; a number inside a longer one ("18" in "2018") does not count
    return new RegExp(`(?<![\\d.])${n.replace('.', '\\.')}(?![\\d]|\\.\\d)`).test(this.digits);
  }

  /**
   * A name the document mentions: as written (punctuation aside), or each of its words somewhere: a word joined by
   * dots or hyphens by its parts ("G.W.Bush"), a word of five letters or more also misspelt by one letter
   * ("Companay"), since a question's typo does not make it unanswerable.
   */
  hasName(name: string): boolean {
    if (this.flat.includes(flatten(name))) return true;
    const words = contentWords(name);
    // a long name keeps its meaning with one word the document prints otherwise (a firm's legal form, an OCR slip)
    const missing = words.filter((word) => !this.hasWord(word)).length;
    return missing <= (words.length >= LONG_NAME_WORDS ? 1 : 0);
  }

  private hasWord(word: string): boolean {
    if (this.words.has(word)) return true;
    const parts = contentWords(word.replace(/[.-]/g, ' '));
    if (parts.length > 1 && parts.every((part) => this.words.has(part))) return true;
    if (word.length < MIN_TYPO_LENGTH) return false;
    for (const known of this.words) if (withinOneEdit(word, known)) return true;
    return false;
  }

  /** Share of the question's adjacent word pairs that also stand side by side in the document. */
  pairCoverage(words: readonly string[]): number {
    const pairs = words.slice(1).map((w, i) => `${words[i]!} ${w}`);
    if (pairs.length === 0) return 1;
    return pairs.filter((p) => this.pairs.has(p)).length / pairs.length;
  }

  hasReference(ref: { kind: string; number: number }): boolean {
    // past the last PDF page, "page 6985" is a printed page label (a journal's numbering) when the document prints it
    if (ref.kind === 'page' || ref.kind === 'slide')
      return ref.number <= this.pageCount || this.hasNumber(String(ref.number));
    return new RegExp(
      `\\b${ref.kind === 'figure' ? '(?:figure|fig\\.)' : ref.kind}\\s*${ref.number}\\b`,
    ).test(this.text);
  }
}

/** The features read from the whole document rather than the pages the answer read. */
export type DocumentCues = Pick<
  AnswerabilityFeatures,
  | 'documentCoverage'
  | 'documentPairs'
  | 'missingWords'
  | 'missingNumbers'
  | 'missingNames'
  | 'missingReferences'
>;

/** The cues of a document whose text is unknown: everything counts as found, nothing as missing. */
export const NOTHING_MISSING: Readonly<DocumentCues> = {
  documentCoverage: 1,
  documentPairs: 1,
  missingWords: 0,
  missingNumbers: 0,
  missingNames: 0,
  missingReferences: 0,
};

/** The document-level cues: which of the question's numbers, names and references the document lacks. */
export function documentCues(
  fullQuestion: string,
  weightedWords: Array<{ word: string; weight: number }>,
  vocabulary: DocumentVocabulary | null,
): DocumentCues {
  const question = questionProper(fullQuestion);
  if (!vocabulary || vocabulary.empty) return { ...NOTHING_MISSING };
  const total = weightedWords.reduce((s, w) => s + w.weight, 0);
  const found = weightedWords.filter((w) => vocabulary.words.has(w.word)).reduce((s, w) => s + w.weight, 0);
  const references = questionReferences(question);
  // a page or figure number is judged as a reference, not as a bare number
  const referenced = new Set(references.map((r) => String(r.number)));
  return {
    documentCoverage: total === 0 ? 1 : found / total,
    documentPairs: vocabulary.pairCoverage(contentWords(question)),
    missingWords: cap(
      [...new Set(contentWords(question))].filter(
        (w) => !/\d/.test(w) && !POINTING_WORDS.has(w) && !vocabulary.words.has(w),
      ).length,
    ),
    missingNumbers: cap(
      questionNumbers(question).filter((n) => !referenced.has(n) && !vocabulary.hasNumber(n)).length,
    ),
    missingNames: cap(questionNames(question).filter((n) => !vocabulary.hasName(n)).length),
    missingReferences: cap(references.filter((r) => !vocabulary.hasReference(r)).length),
  };
}

/**
 * What the question names that the document lacks (a number, figure or page, or every name it gives), or null. A
 * table value answers only what the document holds, so a typed answer is refused on this alone.
 */
export function namedButAbsent(fullQuestion: string, vocabulary: DocumentVocabulary | null): string | null {
  if (!vocabulary || vocabulary.empty) return null;
  const question = questionProper(fullQuestion);
  const references = questionReferences(question);
  const referenced = new Set(references.map((r) => String(r.number)));
  const missing = [
    ...references.filter((r) => !vocabulary.hasReference(r)).map((r) => `${r.kind} ${r.number}`),
    ...questionNumbers(question).filter((n) => !referenced.has(n) && !vocabulary.hasNumber(n)),
  ];
  // a name is judged with the others: "Block (formerly Square)" names the company the filing calls Square
  const names = questionNames(question);
  if (names.length > 0 && names.every((n) => !vocabulary.hasName(n))) missing.push(...names);
  return missing.length > 0 ? missing.map((m) => `"${m}"`).join(', ') : null;
}
