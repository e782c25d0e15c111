import { escapeRegExp } from '../../common/reg-exp';
import { listOrCount } from './list-items';
import { sameNoun } from '../text-match';
import { countedPhrase } from './stated-count';
import { DIFFERENCE, tablesOf } from './table-list-source';
import type { AnswerElement } from '../extractive-answer';
import { type AnswerEvidence, type CandidateSource, citationAt, type EvidencePage } from './typed-answer';

// "How many parts have the prefix N?", "Which sites are rated B?" select rows: the rows of an evidence table whose
// cell under the column the question names holds the value the question gives right after that name.

/** Words that follow a column's name without being a value ("the type of the court", "the grade in 2020"). */
const NOT_A_VALUE =
  /^(?:a|an|the|in|on|at|for|from|to|and|or|that|which|with|by|as|are|is|was|were|has|have|had)$/i;

/**
 * The words the question gives after a column's name, up to the first that cannot be part of a value or to
 * punctuation: "prefix N", "status 'Closed'", "a rating of A Plus". The value is these words or the first few of them.
 */
export function wordsAfter(question: string, header: string): string[] {
  if (!/\p{L}{3}/u.test(header)) return [];
  const m = new RegExp(
    String.raw`(?<![\p{L}])${escapeRegExp(header)}\s+(?:is\s+|of\s+|=\s*)?["'“‘]?(.*)$`,
    'iu',
  ).exec(question);
  const words: string[] = [];
  for (const word of (m?.[1] ?? '').split(/\s+/)) {
    const bare = word.replace(/["'”’.,;:?!)]+$/, '');
    if (!/^[\p{L}\p{N}][\p{L}\p{N}.+/-]*$/u.test(bare) || NOT_A_VALUE.test(bare)) break;
    words.push(bare);
    if (bare !== word) break;
  }
  return words;
}

/** A short value ("N", "B2") is matched exactly; a word regardless of case. */
const sameValue = (cell: string, value: string) =>
  value.length <= 2 ? cell.trim() === value : cell.trim().toLowerCase() === value.toLowerCase();

/** A table with the parts that continue it: later tables of as many columns that print no header of their own. */
interface TableRun {
  header: string[];
  rows: Array<{ cells: string[]; page: EvidencePage; element: AnswerElement }>;
}

/**
 * The evidence tables as runs: a table split in two (by a gap on its page, or a page break) goes on in a table of as
 * many columns on the same or the next page whose first row is not the header again (it is a row of the body).
 */
export function tableRuns(evidence: AnswerEvidence): TableRun[] {
  const runs: Array<TableRun & { last: AnswerElement }> = [];
  for (const { page, element, rows } of tablesOf(evidence)) {
    const run = runs.at(-1);
    const [first, ...rest] = rows;
    const continues =
      run !== undefined &&
      run.last.docId === element.docId &&
      element.pageNumber - run.last.pageNumber <= 1 &&
      first!.length === run.header.length &&
      first!.join('|') !== run.header.join('|');
    const placed = (cells: string[]) => ({ cells, page, element });
    if (continues) {
      run.rows.push(...rows.map(placed));
      run.last = element;
    } else runs.push({ header: first!, rows: rest.map(placed), last: element });
  }
  return runs;
}

/**
 * Whether a column sorts rows into kinds: several values, some shared by several rows. One value printed all the way
 * down selects nothing, and a column of distinct values (years, names) picks one row, not a set to count.
 */
function selectsRows(column: string[]): boolean {
  const printed = column.filter((c) => c !== '');
  const values = new Set(printed).size;
  return values >= 2 && values < printed.length;
}

/** Whether "how many employees …" asks for a column's value ("Employees") rather than a count of the table's rows. */
const asksForColumn = (header: string[], noun: string | undefined) =>
  noun !== undefined && header.slice(1).some((h) => h.split(/\s+/).some((w) => sameNoun(w, noun)));

export const tableRowsWhereSource: CandidateSource = (evidence) => {
  if (evidence.kind !== 'COUNT' && evidence.kind !== 'LIST') return null;
  if (evidence.kind === 'COUNT' && DIFFERENCE.test(evidence.question)) return null;
  const counted = countedPhrase(evidence.question)?.printed;
  for (const { header, rows } of tableRuns(evidence)) {
    if (evidence.kind === 'COUNT' && asksForColumn(header, counted)) continue;
    const body = rows.map((r) => r.cells);
    for (const [col, name] of header.entries()) {
      const column = body.map((row) => row[col] ?? '');
      if (!selectsRows(column)) continue;
      // the longest run of the question's words that some cell of the column holds
      const words = wordsAfter(evidence.question, name);
      const [value, picked] = words
        .map((_, n) => words.slice(0, words.length - n).join(' '))
        .map((v): [string, number[]] => [v, body.flatMap((_, r) => (sameValue(column[r]!, v) ? [r] : []))])
        .find(([, rows]) => rows.length > 0) ?? ['', []];
      if (picked.length === 0) continue;
      const named = picked.map((r) => ({ ...rows[r]!, name: rowName(body, r, col) ?? value }));
      // a count counts the rows; a list names each thing once
      const items =
        evidence.kind === 'COUNT' ? named.map((n) => n.name) : [...new Set(named.map((n) => n.name))];
      const where = [...new Set(named.map((n) => `p. ${n.element.pageNumber}`))].join(', ');
      const noun = countedPhrase(evidence.question)?.phrase ?? 'rows';
      return {
        answer: listOrCount(evidence.kind, items, where, noun, `(${name} ${value})`),
        // the row's name, or the value itself where the name was printed in the table's part before
        citations: named.map((n) =>
          citationAt(n.page, n.element, n.element.text.includes(n.name) ? n.name : n.cells[col]!),
        ),
        analysis: `The rows of the table on ${where} whose "${name}" is ${value} (${picked.length}).`,
      };
    }
  }
  return null;
};

/**
 * What names row r: its first cell, or (a name merged over the rows below it, printed once) the nearest first cell
 * above; its first other printed cell when the first column is the one selected on.
 */
function rowName(body: string[][], r: number, col: number): string | null {
  if (col === 0) return body[r]!.find((cell, c) => c !== 0 && cell !== '') ?? null;
  for (let k = r; k >= 0; k--) if (body[k]![0]) return body[k]![0]!;
  return null;
}
