import {
  boxNote,
  cellCitation,
  cellUnit,
  type EvidenceTable,
  evidenceTables,
  periodFits,
} from './evidence-tables';
import { decimalsAsked, roundTo } from './rounding';
import { rowScore } from './table-cell-source';
import type { GridColumn, GridRow, GridValue } from './table-grid';
import { formatAmount, SCALE_FACTOR } from './table-numbers';
import type { AnswerKind, CandidateSource } from './typed-answer';
import { typedAnswer } from './typed-answer';
import { combineTwo, type TwoValueAsk, twoValueAsked, yearNamed } from './two-value-question';

// Two-value arithmetic on table cells, shown like the statement metrics: the two cells a comparison names (two rows
// in one column, two columns of one row, or one row in two years), the operation, the formula with the printed
// numbers and both cells cited with their boxes. A side no cell names means no candidate: nothing is estimated.

const KINDS = new Set<AnswerKind>(['NUMBER', 'PERCENTAGE', 'COUNT', 'TEXT']);
/** A label names a side when more than half of its own words are in the side's words. */
const MAJORITY = 0.5;
const STOP = new Set(
  'the of in on for and or to at by with from as is was were are be did does do how much many more less what which who that this these those than its their'.split(
    ' ',
  ),
);

/** A label's or question's words: lower case, crude plural folded; single letters only as printed capitals ("Recruiter A"). */
export function sideWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => (w.length > 1 ? !STOP.has(w.toLowerCase()) : /^[\p{Lu}\p{N}]$/u.test(w)))
    .map((w) => w.toLowerCase().replace(/(?<=[^s]{3})s$/, ''));
}

/** Share of the label's words the text holds, and how many; null under the majority rule. */
export function labelFit(label: string, text: string): { share: number; count: number } | null {
  const own = [...new Set(sideWords(label))];
  const words = new Set(sideWords(text));
  const count = own.filter((w) => words.has(w)).length;
  const share = own.length === 0 ? 0 : count / own.length;
  return count > 0 && share > MAJORITY ? { share, count } : null;
}

interface Cell {
  row: GridRow;
  column: GridColumn;
  value: GridValue;
}

interface Pair {
  table: EvidenceTable;
  first: Cell;
  second: Cell;
  fit: number;
}

const best = <T>(items: T[], score: (t: T) => number | null): { item: T; score: number } | null => {
  let top: { item: T; score: number } | null = null;
  for (const item of items) {
    const s = score(item);
    if (s !== null && (!top || s > top.score)) top = { item, score: s };
  }
  return top;
};
const fitScore = (fit: { share: number; count: number } | null) =>
  fit ? fit.share + 0.01 * fit.count : null;

/** The column the question names (its year, or a header it holds), or the only one; never one of `not`. */
function sharedColumn(table: EvidenceTable, question: string, year: number | null): GridColumn | null {
  const columns = table.grid.columns.filter((c) => periodFits(question, c));
  if (year !== null) return columns.find((c) => c.year === year) ?? null;
  if (columns.length === 1) return columns[0]!;
  return best(columns, (c) => fitScore(labelFit(c.header, question)))?.item ?? null;
}

const cellAt = (row: GridRow, column: GridColumn, table: EvidenceTable): Cell | null => {
  const value = row.values[table.grid.columns.indexOf(column)];
  return value && !value.amount.dash ? { row, column, value } : null;
};

/** Two rows, one per side, in the column the rest of the question names. */
function rowPair(table: EvidenceTable, sides: [string, string], question: string): Pair | null {
  const a = best(table.grid.rows, (r) => fitScore(labelFit(r.label, sides[0])));
  const b = best(table.grid.rows, (r) => fitScore(labelFit(r.label, sides[1])));
  if (!a || !b || a.item === b.item) return null;
  const column = sharedColumn(table, question, yearNamed(question));
  const first = column && cellAt(a.item, column, table);
  const second = column && cellAt(b.item, column, table);
  return first && second ? { table, first, second, fit: a.score + b.score } : null;
}

/** Two columns, one per side, of the row the question names. */
function columnPair(table: EvidenceTable, sides: [string, string], question: string): Pair | null {
  const columns = table.grid.columns.filter((c) => periodFits(question, c));
  const a = best(columns, (c) => fitScore(labelFit(c.header, sides[0])));
  const b = best(columns, (c) => fitScore(labelFit(c.header, sides[1])));
  if (!a || !b || a.item === b.item) return null;
  const row = best(
    table.grid.rows,
    (r) => fitScore(labelFit(r.label, question)) ?? rowScore(question, r)?.score ?? null,
  );
  const first = row && cellAt(row.item, a.item, table);
  const second = row && cellAt(row.item, b.item, table);
  return first && second ? { table, first, second, fit: a.score + b.score } : null;
}

/** One row in the two years asked, earlier first. */
function yearPair(
  table: EvidenceTable,
  years: [number, number],
  question: string,
  subject: string,
): Pair | null {
  const column = (y: number) => table.grid.columns.find((c) => c.year === y && periodFits(question, c));
  const [early, late] = [column(years[0]), column(years[1])];
  if (!early || !late) return null;
  const row = best(table.grid.rows, (r) => rowScore(subject, r)?.score ?? null);
  const first = row && cellAt(row.item, late, table);
  const second = row && cellAt(row.item, early, table);
  return first && second ? { table, first, second, fit: row.score } : null;
}

/** The best pair of cells over the evidence tables, earlier evidence first on ties. */
export function findPair(asked: TwoValueAsk, question: string, tables: EvidenceTable[]): Pair | null {
  let top: Pair | null = null;
  for (const table of tables) {
    const found = asked.years
      ? [yearPair(table, asked.years, question, asked.subject)]
      : asked.sides
        ? [rowPair(table, asked.sides, question), columnPair(table, asked.sides, question)]
        : [];
    for (const pair of found) if (pair && (!top || pair.fit > top.fit)) top = pair;
  }
  return top;
}

const unitOf = (c: Cell) => cellUnit(c.row, c.column).unit;
const decimalsOf = (text: string) => /\.(\d+)/.exec(text.replace(/[^\d.]/g, ''))?.[1]?.length ?? 0;
const name = (c: Cell) => `${c.row.label}${c.column.header ? `, ${c.column.header}` : ''}`;

export const differenceSource: CandidateSource = (evidence) => {
  if (!KINDS.has(evidence.kind)) return null;
  const asked = twoValueAsked(evidence.question);
  if (!asked) return null;
  const pair = findPair(asked, evidence.question, evidenceTables(evidence));
  if (!pair) return null;
  const { first, second, table } = pair;
  const [unitA, unitB] = [unitOf(first), unitOf(second)];
  if (unitA !== unitB && unitA !== null && unitB !== null) return null;
  // both in one scale, or both brought to units
  const sameScale = first.row.scale === second.row.scale;
  const read = (c: Cell) => c.value.amount.value * (sameScale ? 1 : SCALE_FACTOR[c.row.scale]);
  const [a, b] = [read(first), read(second)];
  const points = unitA === '%' || unitB === '%';
  const combined = combineTwo(asked, a, b);
  if (!combined) return null;
  const { value: raw, sign, percent } = combined;
  const unit = percent ? '%' : asked.op === 'divide' ? null : (unitA ?? unitB);
  const printedDecimals = Math.max(decimalsOf(first.value.text), decimalsOf(second.value.text));
  const decimals =
    decimalsAsked(evidence.question) ?? (asked.op === 'divide' || asked.relative ? 2 : printedDecimals);
  const value = roundTo(raw, decimals);
  const shown = formatAmount(value, decimals).replace(/^\((.*)\)$/, '-$1');
  const [pa, pb] = [formatAmount(first.value.amount.value), formatAmount(second.value.amount.value)];
  const numbers = asked.relative
    ? `(${pa} − ${pb}) / ${pb} × 100`
    : `${asked.absolute && a < b ? `|${pa} − ${pb}|` : `${pa} ${sign} ${pb}`}${percent ? ' × 100' : ''}`;
  const where = `p. ${table.page.pageNumber}`;
  const unitWords = percent
    ? '%'
    : points && asked.op === 'minus'
      ? ' percentage points'
      : unit === '%'
        ? '%'
        : '';
  const scale = !percent && unit !== '%' && sameScale ? first.row.scale : 'units';
  const formula = `${shown}${unitWords} = ${numbers} (${name(first)} ${asked.relative ? 'vs' : sign} ${name(second)}, ${where})`;
  return {
    answer: typedAnswer(
      percent || points ? 'PERCENTAGE' : 'NUMBER',
      `The ${asked.name} is ${shown}${unitWords}${scale !== 'units' ? ` (in ${scale})` : ''}: ${formula} [${where}]`,
      {
        value: String(value),
        unit: points && asked.op === 'minus' && !percent ? 'percentage points' : unit,
        scale: percent || points ? 'units' : scale,
        formula,
      },
    ),
    citations: [first, second].map((c) => cellCitation(table, c.row, c.column.header, c.value)),
    analysis:
      `Computed the ${asked.name} of two cells of the table on ${where} (evidence step ${table.page.step}): ` +
      `"${name(first)}" and "${name(second)}", rounded to ${decimals} decimal places; ${boxNote([table])}.`,
  };
};
