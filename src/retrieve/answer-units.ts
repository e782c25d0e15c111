import { sentences } from './text-match';

// What an offline answer can quote from one element: its sentences, or the cells of a table each with its row and
// column labels. Pure functions, shared by the answerer and its calibration script.

export interface AnswerUnit {
  /** What the answer shows: a sentence, or "row label, column label: value". */
  text: string;
  /** What is matched against the question (for a cell: its labels and value). */
  matchText: string;
  /** The unit states a number (a question asking "how many" wants one). */
  hasNumber: boolean;
}

/** Elements that repeat on every page (running headers, folios): never the answer. */
export const FURNITURE_KINDS = new Set(['page-header', 'page-footer']);

const NUMBER = /\d/;
const SEPARATOR_ROW = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/;
/** A cell that only carries a unit or a currency sign belongs with the value beside it. */
const SIGN_ONLY = /^[$€£¥%()]+$/;

/** Cells of one markdown table row, trimmed ("| a | b |" → ["a", "b"]). */
function cellsOf(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return body.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, '|').trim());
}

/** Joins sign-only cells to the value beside them ("$" "87.4" → "$87.4", "12" "%" → "12%"), keeping numbers whole
 * and each value under its own column. */
function joinSigns(cells: string[]): string[] {
  const out = [...cells];
  for (let i = 0; i < out.length; i++) {
    const cell = out[i]!;
    if (!SIGN_ONLY.test(cell)) continue;
    const trailing = cell === '%' || cell === ')';
    const target = trailing ? i - 1 : i + 1;
    if (target < 0 || target >= out.length || out[target] === '') continue;
    out[target] = trailing ? `${out[target]!}${cell}` : `${cell}${out[target]!}`;
    out[i] = '';
  }
  return out;
}

/** A row label without dot leaders or a currency sign left over from the value column. */
const cleanLabel = (label: string) =>
  label
    .replace(/\s*\.{3,}\s*/g, ' ')
    .replace(/\s*[$€£]\s*$/, '')
    .trim();

/**
 * A markdown grid (a table element's description) as labelled cells: the first row gives the column labels, the
 * first non-numeric cell of each row its row label. Returns [] when the text is not a grid.
 */
export function tableCells(grid: string): AnswerUnit[] {
  const lines = grid.split(/\n/).filter((l) => l.trim().startsWith('|'));
  const rows = lines.filter((l) => !SEPARATOR_ROW.test(l.trim())).map((l) => joinSigns(cellsOf(l)));
  const [header, ...body] = rows;
  if (!header || body.length === 0) return [];
  const units: AnswerUnit[] = [];
  for (const row of body) {
    const labelIndex = row.findIndex((c) => c !== '' && !/^[-\d.,$€£%()\s]+$/.test(c));
    const rowLabel = labelIndex >= 0 ? cleanLabel(row[labelIndex]!) : '';
    // the corner cell often names the table's period or subject ("Fiscal 2015:"): matched, not shown
    const corner = labelIndex >= 0 ? (header[labelIndex] ?? '') : '';
    row.forEach((value, col) => {
      if (value === '' || col === labelIndex) return;
      const columnLabel = header[col] ?? '';
      const labels = [rowLabel, columnLabel].filter((l) => l !== '' && l !== value);
      if (labels.length === 0) return;
      units.push({
        text: `${labels.join(', ')}: ${value}`,
        matchText: `${corner} ${labels.join(' ')} ${value}`,
        hasNumber: NUMBER.test(value),
      });
    });
  }
  return units;
}

/** Words a sentence's subject or verb is made of: a "sentence" holding one is a statement, not a run-in head. */
const NOT_HEAD = new Set(
  (
    'is are was were be been has have had do does did can will may must should would could it this that these ' +
    'those they we he she there you i see thanks thank okay right sure true false none'
  ).split(' '),
);
const MAX_HEAD_WORDS = 6;

/**
 * The run-in head a paragraph opens with: a short title closed by a full stop, before the sentences it names
 * ("Law of closure. Elements that …"); null for a paragraph that opens with a plain sentence.
 */
export function runInHead(text: string, all: string[] = sentences(text)): string | null {
  const [first] = all;
  if (!first || all.length < 2 || !/^\p{Lu}/u.test(first) || !/[\p{L})]\.$/u.test(first)) return null;
  const words = first.slice(0, -1).split(/\s+/);
  // one word heads a paragraph too ("Proximity. We tend to …"), when it is a word and no reply ("Yes.")
  if (words.length > MAX_HEAD_WORDS || (words.length === 1 && !/^\p{Lu}\p{Ll}{3,}$/u.test(words[0]!)))
    return null;
  return words.some((w) => NOT_HEAD.has(w.toLowerCase())) ? null : first.slice(0, -1);
}

/**
 * The units of one element: a table's labelled cells, else its sentences. The sentences after a run-in head are
 * matched with the head, which names what they are about; the head itself is no unit.
 */
export function unitsOf(element: { kind: string; text: string; description: string | null }): AnswerUnit[] {
  if (element.kind === 'table' && element.description) {
    const cells = tableCells(element.description);
    if (cells.length > 0) return cells;
  }
  const all = sentences(element.text);
  const head = element.kind === 'paragraph' ? runInHead(element.text, all) : null;
  // the head, like a heading, says what follows: context for the answer, not the answer
  const quotable = head ? all.slice(1) : all;
  return quotable.map((s) => ({
    text: s,
    matchText: head ? `${head}. ${s}` : s,
    hasNumber: NUMBER.test(s),
  }));
}

const ROMAN = /^[ivxlcdm]{1,7}$/i;
const LABEL_FORMS = [
  /^(?:page\s+)?(\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:of|\/)\s*\d{1,4})?$/i, // "12", "Page 12", "12 of 40", "xii"
  /^[-–—]\s*(\d{1,4})\s*[-–—]$/, // "- 12 -"
  /^(\d{1,4})\s*\|\s*\S.*$/, // "12 | Annual report"
  /^\S.*\|\s*(\d{1,4})$/, // "Annual report | 12"
];

/**
 * The page number printed on the page, from its running header or footer, when it differs from the PDF page
 * number (front matter in roman numerals, a report whose page 1 is the PDF's page 3); null otherwise.
 */
export function printedPageLabel(
  pdfPageNumber: number,
  furniture: Array<{ kind: string; text: string }>,
): string | null {
  // Footers first: folios sit at the bottom more often than at the top.
  const ordered = [...furniture].sort(
    (a, b) => Number(b.kind === 'page-footer') - Number(a.kind === 'page-footer'),
  );
  for (const element of ordered) {
    const text = element.text.trim();
    for (const form of LABEL_FORMS) {
      const label = form.exec(text)?.[1];
      if (!label) continue;
      if (!ROMAN.test(label) && (Number(label) >= 1900 || Number(label) === 0)) continue; // a year, not a folio
      return label === String(pdfPageNumber) ? null : label;
    }
  }
  return null;
}

/** Questions that ask for several things (a list, "respectively", "which ones") may be answered from several places. */
export function asksForSeveral(question: string): boolean {
  return /\b(list|enumerate|respectively|which (?:ones|of the|two|three|four|five)|what are (?:the|all)|name (?:the|all)|all the|each of|and (?:at |in |for |by )?(?:what|which|how|when|where|who))\b/i.test(
    question,
  );
}

/** Questions whose answer is a number or an amount. */
export function expectsNumber(question: string): boolean {
  return /\b(how (?:many|much|long|old|often|large|big|high|far)|what (?:percentage|percent|share|proportion|number|amount|year|ratio|rate)|which year|when (?:was|were|did)|total|sum|difference|average)\b|%/i.test(
    question,
  );
}

/** "Based on the balance sheet, did …", "In FY2022, has …": a clause that frames the question before it opens. */
const FRAMING_CLAUSE =
  /^\s*(?:based on|according to|in|from|per|using|as of|for|looking at)\b[^,?]{1,80},\s*/i;

/** The question from where it opens, without a leading framing clause. */
export const questionOpening = (question: string) => question.replace(FRAMING_CLAUSE, '');

/** Questions answered by yes or no ("Is…", "Based on X, does…", "Answer 'yes' or 'no'"). */
export function expectsYesNo(question: string): boolean {
  return (
    /^\s*(?:is|are|does|do|did|was|were|can|could|has|have|had|will|would|should)\b/i.test(
      questionOpening(question),
    ) || /\byes or no\b/i.test(question)
  );
}

/** Questions whose answer names someone or something ("who", "which company", "what is the name"). */
export function expectsName(question: string): boolean {
  return /\b(who|whom|whose|which (?:company|person|individual|country|city|state|team|organi[sz]ation|agency|party|university|brand|product|model|author)|what(?:'s| is| was) the name|name (?:of|the))\b/i.test(
    question,
  );
}

/** What kind of value answers the question: a number, a yes or no, a name, or anything else. */
export type AnswerKind = 'number' | 'yes-no' | 'name' | 'other';

export function expectedAnswerKind(question: string): AnswerKind {
  if (expectsYesNo(question)) return 'yes-no';
  if (expectsNumber(question)) return 'number';
  if (expectsName(question)) return 'name';
  return 'other';
}
