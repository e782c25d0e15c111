import { countWord } from './number-words';
import { contentWords } from '../text-match';
import { searchQueryOf } from '../search-query';
import type { AnswerElement } from '../extractive-answer';
import {
  type AnswerCandidate,
  type AnswerKind,
  citationAt,
  countAnswer,
  type EvidencePage,
  listAnswer,
  type TypedAnswer,
} from './typed-answer';

// The pieces a list answer is made of: the items of a list (or of bullet lines set inside a paragraph), the items
// of an enumeration written in a sentence ("… five segments: A, B, C, D and E."), and the number of items or the
// slice of them the question asks for ("the three …", "the last 4 …", "top 2 …").

/** A list item's marker: a bullet, a dash, "1.", "a)", "(iv)". */
const ITEM_MARKER =
  /^\s*(?:[•◦▪▫■□●○◆◇►▶➢✓✔\u2022\u2023\u2043-]|[–—*·]\s|\(?\d{1,2}[.)]\s|\(?[a-zA-Z][.)]\s|\([ivx]{1,4}\)\s)\s*/;
/** Words of a question that ask for a list rather than name its subject. */
const ASKING = new Set([
  'list',
  'name',
  'enumerate',
  'all',
  'many',
  'number',
  'count',
  'item',
  'format',
  'please',
  'answer',
  'kind',
  'type',
  'first',
  'last',
  'top',
]);
const ENUMERATION_CUE =
  /:|\b(?:includes?|including|included|are|were|comprise[sd]?|consists? of|such as|namely|as follows|following)\b:?/gi;
/** An item longer than this is a passage, not a thing named in an enumeration. */
const MAX_ENUMERATED_WORDS = 8;

/** The items of a list element: one per marker line, wrapped lines joined to their item, markers dropped. */
export function listItems(text: string): string[] {
  const items: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (ITEM_MARKER.test(trimmed) || items.length === 0) items.push(trimmed.replace(ITEM_MARKER, '').trim());
    else items[items.length - 1] = `${items[items.length - 1]!} ${trimmed}`;
  }
  return items.filter((i) => i !== '');
}

/** Bullet lines set inside a paragraph (two or more lines opening with a marker), as a list's items; else none. */
export function bulletLines(text: string): string[] {
  const lines = text.split(/\n+/).filter((l) => l.trim() !== '');
  const marked = lines.findIndex((l) => ITEM_MARKER.test(l));
  if (marked < 0 || lines.slice(marked).filter((l) => ITEM_MARKER.test(l)).length < 2) return [];
  return listItems(lines.slice(marked).join('\n'));
}

/** A section number opening a paragraph ("10.7.1.2.", "3)", "B."). */
const NUMBERING = /^\s*(?:\d{1,2}(?:\.\d{1,2})*[.)]?|[A-Z][.)])\s+/;
/** A title is a few words: more is a sentence. */
const MAX_TITLE_WORDS = 8;

/**
 * The title a paragraph opens with, as one of a run of titled paragraphs ("Industrial Business: The segment
 * serves …", "2.3. Mismatch repair. The system …", "Is the service safe? The service was …"); null for a paragraph
 * that opens with a plain sentence.
 */
export function paragraphTitle(text: string): string | null {
  const numbered = NUMBERING.test(text);
  const rest = text.replace(NUMBERING, '');
  const m = /^([^.:?!\n]{2,80}?)(:|\?|\.(?=\s*\p{Lu}))\s*\S/u.exec(rest);
  if (!m) return null;
  const title = m[1]!.trim();
  if (title.split(/\s+/).length > MAX_TITLE_WORDS || !/^\p{Lu}/u.test(title)) return null;
  // a plain sentence ends at its full stop too: without a number or a colon, only a question is a title
  if (m[2] === '.' && !numbered) return null;
  return m[2] === '?' ? `${title}?` : title;
}

/** Items that name things: a list of bare numbers ("-4", "-2", a chart's tick labels) is not an answer's list. */
export const namesThings = (items: string[]) =>
  items.filter((i) => /\p{L}{2}/u.test(i)).length >= items.length / 2;

/** The items once each, in order (the same item repeated on a continued page or in a wrapped cell counts once). */
export function distinct(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The question's subject words ("What sensors does the rover carry?" → sensor, rover, carry). */
export function subjectWords(question: string): string[] {
  // "Write the answer in list format" says how to answer, not what about
  const asked = searchQueryOf(question).query;
  return [...new Set(contentWords(asked).filter((w) => !ASKING.has(w) && countWord(w) === null))];
}

/** The share of `words` that `text` holds. */
export const share = (words: string[], text: string) => {
  if (words.length === 0) return 0;
  const present = new Set(contentWords(text));
  return words.filter((w) => present.has(w)).length / words.length;
};

/** How many items the question asks for, and which end of the list when it asks for some of them. */
export interface AskedCount {
  n: number;
  end: 'first' | 'last' | null;
}

/** "the three stages" → 3; "the last 4 chapters" → last 4; "top2 texts" → first 2; null when it names no count. */
export function askedCount(question: string): AskedCount | null {
  const m =
    /\b(first|last|top)?\s*(two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]*[^\Ws]s\b/iu.exec(
      question,
    ) ?? /\b(top)(\d{1,2})\b/i.exec(question);
  if (!m) return null;
  const word = m[2]!.toLowerCase();
  const n = countWord(word) ?? NaN;
  if (!Number.isInteger(n) || n < 2 || n > 20) return null;
  const end = m[1]?.toLowerCase();
  return { n, end: end === 'last' ? 'last' : end === 'first' || end === 'top' ? 'first' : null };
}

/** The items the question asks for: all of them, or its first or last n when it names an end. */
export function askedSlice(items: string[], asked: AskedCount | null): string[] {
  if (!asked?.end || items.length <= asked.n) return items;
  return asked.end === 'first' ? items.slice(0, asked.n) : items.slice(items.length - asked.n);
}

/**
 * An enumeration written in a sentence: what follows "include", "are", "such as", "namely" or a colon, split at
 * commas or semicolons with the last item after "and"/"or". Null unless it names at least `min` short items.
 */
export function enumeration(sentence: string, min = 3): { lead: string; items: string[] } | null {
  const text = sentence.replace(/\s+/g, ' ').trim();
  // the cue is the last one before the first separator: "are reported in five segments: A, B, …" cues at ":"
  const firstSeparator = text.search(/[,;]/);
  if (firstSeparator < 0) return null;
  const cues = [...text.slice(0, firstSeparator).matchAll(ENUMERATION_CUE)];
  const cue = cues[cues.length - 1];
  if (!cue) return null;
  const at = cue.index + cue[0].length;
  const lead = text.slice(0, at).trim();
  const tail = text
    .slice(at)
    .replace(/[.;:]\s*$/, '')
    .trim();
  const bySemicolon = tail.includes(';');
  const parts = tail.split(bySemicolon ? /\s*;\s*/ : /\s*,\s*/);
  if (parts.length < 2) return null;
  // "…, C and D" / "…, C, and D": the last part holds the last item, or the last two
  const last = parts.pop()!;
  const pair = /^(.+?)\s+(?:and|or)\s+(.+)$/i.exec(last);
  const items = [
    ...parts,
    ...(bySemicolon || /^(?:and|or)\s/i.test(last) || !pair ? [last] : [pair[1]!, pair[2]!]),
  ]
    .map((i) => i.replace(/^(?:and|or)\s+/i, '').trim())
    .filter((i) => i !== '');
  if (items.length < min) return null;
  if (items.some((i) => i.split(' ').length > MAX_ENUMERATED_WORDS || !/\p{L}/u.test(i))) return null;
  return { lead, items };
}

/** Words after which a series' first item starts: a cue, or a preposition right before it ("teams in A, B and C"). */
const SERIES_HEAD =
  /^(.*\b(?:includes?|including|included|are|were|comprise[sd]?|consists? of|such as|namely|in|at|from|across|between|to|with)\b:?|.*:)\s+(.+)$/i;

/**
 * A series inside a longer sentence ("… crews in Oban, Mallaig, Ullapool and Tarbert, serving …"): read back from
 * "… and X" over short comma parts to the cue the first item follows. Null under `min` items.
 */
export function series(sentence: string, min = 3): { lead: string; items: string[] } | null {
  const parts = sentence
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.;]$/, '')
    .split(/\s*,\s*/);
  for (let k = parts.length - 1; k >= 2; k--) {
    const last = /^(?:(.*?)\s+)?(?:and|or)\s+(.+)$/i.exec(parts[k]!);
    if (!last || words(last[2]!) > MAX_ENUMERATED_WORDS || (last[1] && SERIES_HEAD.test(last[1]))) continue;
    if (/^(?:other|others|more|many|several|so on)\b/i.test(last[2]!)) continue;
    const items = [...(last[1] ? [last[1]] : []), last[2]!];
    let i = k - 1;
    // a part opening with "and" ends an earlier series: "to A, B, and other cities of C, …" is no series of names
    while (i >= 0 && !SERIES_HEAD.test(parts[i]!) && words(parts[i]!) <= MAX_ENUMERATED_WORDS) {
      if (/^(?:and|or)\s/i.test(parts[i]!)) break;
      items.unshift(parts[i--]!);
    }
    if (i >= 0 && /^(?:and|or)\s/i.test(parts[i]!) && !SERIES_HEAD.test(parts[i]!)) continue;
    const head = i >= 0 ? SERIES_HEAD.exec(parts[i]!) : null;
    if (!head || words(head[2]!) > MAX_ENUMERATED_WORDS) continue;
    items.unshift(head[2]!);
    const lead = [...parts.slice(0, i), head[1]!].join(', ');
    if (items.length >= min && items.every((x) => /\p{L}/u.test(x) && !/["“”]/.test(x)))
      return { lead, items };
  }
  return null;
}

const words = (text: string) => text.split(' ').filter((w) => w !== '').length;

/**
 * The items as a COUNT in `noun` when `kind` asks how many ("3 vessels: A; B; C [p. 4]", `label` printed after
 * the number), else as a LIST; `pages` names where they stand.
 */
export function listOrCount(
  kind: AnswerKind,
  items: string[],
  pages: string,
  noun: string,
  label = noun,
): TypedAnswer {
  return kind === 'COUNT'
    ? countAnswer(items, `${items.length} ${label}: ${items.join('; ')} [${pages}]`, noun)
    : listAnswer(items, `${items.join('; ')} [${pages}]`);
}

/** An item quoted from one element of an evidence page. */
export interface QuotedItem {
  text: string;
  page: EvidencePage;
  element: AnswerElement;
}

/** A COUNT of items quoted from the evidence, each cited; `what` says what was counted ("the roster entries …"). */
export function quotedCount(items: QuotedItem[], noun: string, what: string): AnswerCandidate {
  const pages = [...new Set(items.map((i) => `p. ${i.element.pageNumber}`))].join(', ');
  return {
    answer: listOrCount(
      'COUNT',
      items.map((i) => i.text),
      pages,
      noun,
    ),
    citations: items.map((i) => citationAt(i.page, i.element, i.text)),
    analysis: `Counted ${what} on ${pages} (${items.length}).`,
  };
}
