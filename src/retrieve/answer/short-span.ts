import { contentWords, stem } from '../text-match';

// The part of a quoted sentence that answers: what it says beyond the question's own words ("Gestalt psychology was
// conceived in the Berlin School…" → "Berlin School…"). Pure functions; the span is always a substring of the text.

/** A span longer than this is no short value: the sentence stays the answer. */
export const MAX_SPAN_WORDS = 12;

export interface ShortSpan {
  /** The span as printed in the text (a substring of it). */
  span: string;
  /** How it was read, for the answer's analysis. */
  how: string;
}

interface Token {
  raw: string;
  lower: string;
  start: number;
  end: number;
  /** The question word this token repeats (its position in the question), or -1. */
  asked: number;
}

const TOKEN = /[\p{L}\p{N}]+(?:['’.@/&-][\p{L}\p{N}]+)*/gu;
/** Punctuation between two tokens that ends a clause (a colon only when a space follows: "10:08" stays whole). */
const BOUNDARY = /[,;!?()[\]{}"“”•→←|]|[.:](?:\s|$)|\s[-–—]\s|\n/;
/** Words that open a new clause: the span stops before them. */
const CLAUSE_WORDS = new Set(
  (
    'that which who whom whose where when while because since although though but whereas unless if so ' +
    'is are was were will would may might can could should shall must has have had does do did'
  ).split(' '),
);
/** Words that frame a span without saying anything (a copula, a preposition, an article): trimmed from its ends. */
const FRAME_WORDS = new Set(
  (
    'a an the this that these those its their his her our your is are was were be been being am in on at by of ' +
    'for from to with within into onto as than and or also only then called named known termed defined referred ' +
    'titled labelled labeled namely i.e e.g use uses used using via which who whose it they there here'
  ).split(' '),
);
const DEFINITION =
  /\b(?:is|are|was|were)\s+(?:(?:also|commonly|often|usually)\s+)?(?:called|named|known as|termed|titled|defined as|referred to as|described as)\s+/i;

/** Two words are the same question word: equal stems, or one stem a close prefix of the other ("include"/"includ"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short) && long.length - short.length <= 2;
}

/** The question's content words and numbers in order, as stems ("module 9" keeps its 9). */
function askedWords(question: string): string[] {
  const plain = question.replace(/\b(?:which|what|who|whom|whose|where|when|how)\b/gi, ' ');
  return [...plain.matchAll(TOKEN)].flatMap((m) => (/^\d+$/.test(m[0]) ? [m[0]] : contentWords(m[0])));
}

function tokensOf(text: string, asked: string[]): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => {
    const lower = m[0].toLowerCase();
    const word = stem(lower.replace(/['’]s$/, ''));
    const asks = FRAME_WORDS.has(lower) ? -1 : asked.findIndex((w) => sameWord(w, word));
    return { raw: m[0], lower, start: m.index, end: m.index + m[0].length, asked: asks };
  });
}

/** Whether the text between two tokens ends a clause. */
const breaksAt = (text: string, a: Token, b: Token) => BOUNDARY.test(text.slice(a.end, b.start));

/** The span's tokens without frame words or question words at either end; null when nothing is left. */
function trimmed(tokens: Token[]): Token[] | null {
  let from = 0;
  let to = tokens.length;
  const frame = (t: Token) => FRAME_WORDS.has(t.lower) || t.asked >= 0;
  while (from < to && frame(tokens[from]!)) from++;
  while (to > from && FRAME_WORDS.has(tokens[to - 1]!.lower)) to--;
  const kept = tokens.slice(from, to);
  return kept.some((t) => t.asked < 0) ? kept : null;
}

/** The tokens after `at` up to the end of the clause. */
function clauseAfter(text: string, tokens: Token[], at: number): Token[] {
  const out: Token[] = [];
  for (let i = at + 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1]!;
    const started = out.some((o) => !FRAME_WORDS.has(o.lower) && o.asked < 0);
    if (i > at + 1 && breaksAt(text, prev, t) && started) break;
    if (started && CLAUSE_WORDS.has(t.lower)) break;
    out.push(t);
  }
  return out;
}

/** The tokens from the start of the clause up to (not including) `at`. */
function clauseBefore(text: string, tokens: Token[], at: number): Token[] {
  let from = at;
  const started = () => tokens.slice(from, at).some((t) => !FRAME_WORDS.has(t.lower) && t.asked < 0);
  while (from > 0) {
    const prev = tokens[from - 1]!;
    if (started() && (breaksAt(text, prev, tokens[from]!) || CLAUSE_WORDS.has(prev.lower))) break;
    from--;
  }
  return tokens.slice(from, at);
}

const spanText = (text: string, tokens: Token[]) =>
  text.slice(tokens[0]!.start, tokens[tokens.length - 1]!.end);

/** A question whose wh-word is the subject ("Who chairs…", "Which transcript is included…"): the answer comes first. */
function asksForSubject(question: string): boolean {
  const m = /^\s*(?:[\w\s,]*?[,;]\s*)?(?:who|what|which)\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}'’-]+)/iu.exec(
    question,
  );
  if (!m) return false;
  const next = m[1]!.toLowerCase();
  if (/^(?:do|does|did)$/.test(next)) return false;
  return !/^(?:is|are|was|were)$/.test(next) || /\b(?:is|are|was|were)\s+\w+(?:ed|en)\b/i.test(question);
}

/** The noun the question asks for ("which transcript", "what method"), when it names one. */
function headNoun(question: string): string | null {
  const m = /\b(?:which|what)\s+([\p{L}-]+)/iu.exec(question);
  const word = m?.[1]?.toLowerCase();
  return word && !/^(?:is|are|was|were|do|does|did|has|have|had|one|of)$/.test(word) ? stem(word) : null;
}

function bounded(text: string, tokens: Token[] | null, how: string): ShortSpan | null {
  if (!tokens || tokens.length === 0 || tokens.length > MAX_SPAN_WORDS) return null;
  // "After", "if it": a span of function words names nothing
  if (!tokens.some((t) => /\d/.test(t.raw) || contentWords(t.raw).length > 0)) return null;
  return { span: spanText(text, tokens), how };
}

/**
 * The short span of `text` that answers `question`: the phrase a definition names, else the clause part after the
 * question's last word the text repeats (or, for a subject question, before its first), without the question's own
 * words. Null when the text does not repeat the question or the part left is empty or too long to be a value.
 */
export function shortSpan(question: string, text: string): ShortSpan | null {
  const asked = askedWords(question);
  const tokens = tokensOf(text, asked);
  const definition = DEFINITION.exec(text);
  if (definition) {
    const at = tokens.findIndex((t) => t.start >= definition.index + definition[0].length);
    const after = at < 0 ? null : trimmed(clauseAfter(text, tokens, at - 1));
    const found = bounded(text, after, 'the phrase the sentence defines');
    if (found) return found;
  }
  const repeated = tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.asked >= 0);
  if (repeated.length === 0) return null;
  // the anchor: the text's occurrence of the question word that comes last in the question
  const lastAsked = Math.max(...repeated.map(({ t }) => t.asked));
  let anchor = repeated.find(({ t }) => t.asked === lastAsked)!.i;
  while (tokens[anchor + 1]?.asked !== undefined && tokens[anchor + 1]!.asked >= 0) anchor++;
  const after = bounded(text, trimmed(clauseAfter(text, tokens, anchor)), 'what follows the question words');
  const first = repeated[0]!.i;
  const head = headNoun(question);
  // the noun the question asks for ends the answer's phrase ("the mRNA transcript"), so it is kept
  const upTo = head !== null && sameWord(head, stem(tokens[first]!.lower)) ? first + 1 : first;
  const beforeTokens = clauseBefore(text, tokens, first);
  const core = trimmed(beforeTokens);
  const kept = core && upTo > first ? [...core, tokens[first]!] : core;
  const before = bounded(text, kept, 'what precedes the question words');
  return asksForSubject(question) ? (before ?? after) : (after ?? before);
}

/** "What kind of environment …?": the noun whose kind is asked. */
const KIND_OF = /\bwhat (?:kinds?|types?|sorts?) of ([\p{L}-]+)/iu;
const ARTICLES = new Set(['a', 'an', 'the']);
/** Words a noun phrase's modifiers never cross (a preposition, a clause word, a verb of being). */
const PHRASE_STOP = new Set([
  ...CLAUSE_WORDS,
  ...'in on at by of for from to with within into onto as than via about under over after before during'.split(
    ' ',
  ),
]);
/** Modifiers before the noun at most: "a quiet and relaxed environment". */
const MAX_MODIFIERS = 5;

/**
 * For "what kind of N", the noun phrase of the text that ends with N and says what kind ("measured in a quiet and
 * relaxed environment" → "a quiet and relaxed environment"); null when the text prints N without a modifier of
 * its own (the question's words are not one).
 */
export function kindPhrase(question: string, text: string): ShortSpan | null {
  const m = KIND_OF.exec(question);
  if (!m) return null;
  const noun = stem(m[1]!.toLowerCase());
  const tokens = tokensOf(text, askedWords(question));
  for (let i = 0; i < tokens.length; i++) {
    if (!sameWord(noun, stem(tokens[i]!.lower))) continue;
    let from = i;
    while (from > 0 && i - from < MAX_MODIFIERS) {
      const prev = tokens[from - 1]!;
      // a frame word, a clause word or the question's own word ("recommends") ends the modifiers
      const framing = FRAME_WORDS.has(prev.lower) && !ARTICLES.has(prev.lower) && prev.lower !== 'and';
      if (framing || PHRASE_STOP.has(prev.lower) || prev.asked >= 0 || breaksAt(text, prev, tokens[from]!))
        break;
      from--;
      if (ARTICLES.has(prev.lower)) break;
    }
    const modifiers = tokens.slice(from, i).filter((t) => !ARTICLES.has(t.lower) && t.lower !== 'and');
    if (modifiers.length === 0) continue;
    return { span: spanText(text, tokens.slice(from, i + 1)), how: 'the phrase that says the kind asked' };
  }
  return null;
}
