import { labelPrints, lineItemsAsked, OUTFLOW_ITEMS } from './line-items';
import {
  boxNote,
  cellCitation,
  cellUnit,
  type EvidenceTable,
  evidenceTables,
  labelWords,
  periodFits,
  scaleWords,
  yearsAsked,
} from './evidence-tables';
import type { GridColumn, GridRow } from './table-grid';
import { metricFor } from './defined-formula';
import { formatAmount } from './table-numbers';
import type { AnswerKind, CandidateSource } from './typed-answer';
import { typedAnswer } from './typed-answer';

// "What was X in Y": the row of an evidence table that names X (its words, or a statement line item the question
// names by another of its labels: "sales" for "Net sales") and the column that names Y (a year, a period, a
// segment), answered with the cell's value, unit and scale and cited with the cell's own box.

/** Kinds of answer a single cell can give. */
const CELL_KINDS = new Set<AnswerKind>(['NUMBER', 'PERCENTAGE', 'TEXT']);
/** A row label's words the question must hold (share), unless the row prints a line item the question names. */
const MIN_LABEL_COVERAGE = 0.75;
/** A row printing a line item the question names ranks above any row matched by words alone. */
const LINE_ITEM_RANK = 100;

export interface CellMatch {
  table: EvidenceTable;
  row: GridRow;
  column: GridColumn;
  columnIndex: number;
  score: number;
  why: string;
}

/** "… as a percent of sales": the base of a share names its column ("Percent to sales"), not the row asked. */
const SHARE_BASE = /\b(?:as an? )?(?:percent(?:age)?|share|proportion|%) (?:of|to) (?:total |net )?[\w-]+/gi;

/** How well a row's label answers the question's words; null when it does not name what the question asks. */
export function rowScore(fullQuestion: string, row: GridRow): { score: number; why: string } | null {
  const question = fullQuestion.replace(SHARE_BASE, ' ');
  const asked = new Set(labelWords(question));
  const words = labelWords(row.label);
  const items = lineItemsAsked(question).filter((item) => labelPrints(item, row.label, row.parent));
  const matched = words.filter((w) => asked.has(w));
  const coverage = words.length ? matched.length / words.length : 0;
  const parentWords = labelWords(row.parent ?? '').filter((w) => asked.has(w) && !matched.includes(w));
  // among rows that qualify, the one naming the most of the question's words ("Model + Search" over "Model"),
  // then the one with the fewest words the question does not name
  const specificity = matched.length + 0.5 * coverage + 0.05 * parentWords.length;
  if (items.length > 0) return { score: LINE_ITEM_RANK + specificity, why: `the row prints ${items[0]}` };
  if (matched.length === 0 || coverage < MIN_LABEL_COVERAGE) return null;
  return { score: specificity, why: `the question names ${matched.join(', ')}` };
}

/**
 * The column a question names: the year it names (several columns of that year → the one whose header shares
 * the most question words), else the header that shares question words, else the only value column. Null when
 * the question names several years, or names none and the table has several columns no word picks.
 */
export function columnFor(question: string, columns: GridColumn[], rowLabel: string): number | null {
  const years = yearsAsked(question);
  if (years.length > 1) return null;
  const rowWords = new Set(labelWords(rowLabel));
  const asked = new Set(labelWords(question).filter((w) => !rowWords.has(w)));
  const overlap = (c: GridColumn) => labelWords(c.header).filter((w) => asked.has(w)).length;
  const candidates = columns
    .map((c, i) => ({ i, c, words: overlap(c) }))
    .filter(({ c }) => periodFits(question, c))
    .filter(({ c, words }) => (years.length === 1 ? c.year === years[0] : words > 0));
  if (candidates.length === 0) return columns.length === 1 && years.length === 0 ? 0 : null;
  const best = Math.max(...candidates.map((c) => c.words));
  const top = candidates.filter((c) => c.words === best);
  return top.length === 1 || years.length === 1 ? (top[0]?.i ?? null) : null;
}

/** The best cell of the evidence tables for the question, earlier evidence first on ties. */
export function findCell(question: string, tables: EvidenceTable[]): CellMatch | null {
  let best: CellMatch | null = null;
  for (const table of tables) {
    for (const row of table.grid.rows) {
      const scored = rowScore(question, row);
      if (!scored || (best && scored.score <= best.score)) continue;
      const columnIndex = columnFor(question, table.grid.columns, row.label);
      const column = columnIndex === null ? undefined : table.grid.columns[columnIndex];
      if (!column || columnIndex === null || !row.values[columnIndex]) continue;
      best = { table, row, column, columnIndex, score: scored.score, why: scored.why };
    }
  }
  return best;
}

/** The unit as words after a value: "USD 2,118 million" reads "$2,118 million"; "12.5%"; "1.42 USD per share". */
function valueWords(value: number, unit: string | null, scale: GridRow['scale']): string {
  const amount = formatAmount(value).replace(/^\((.*)\)$/, '-$1');
  const dollars = value < 0 ? `-$${amount.slice(1)}` : `$${amount}`;
  const scaled = scale === 'units' ? '' : ` ${scale.replace(/s$/, '')}`;
  if (unit === '%') return `${amount}%`;
  if (unit === 'USD') return `${dollars}${scaled}`;
  if (unit === 'USD per share') return `${dollars} per share`;
  return `${amount}${scaled}${unit ? ` ${unit}` : ''}`;
}

export const tableCellSource: CandidateSource = (evidence) => {
  if (!CELL_KINDS.has(evidence.kind)) return null;
  const tables = evidenceTables(evidence);
  const match = findCell(evidence.question, tables);
  if (!match) return null;
  // a metric is computed (metric-source), not read from one of its inputs; unless a row prints the metric itself
  const metric = metricFor(evidence.question);
  if (metric && !metric.asked.test(match.row.label.toLowerCase())) return null;
  const { table, row, column, columnIndex } = match;
  const cell = row.values[columnIndex]!;
  const { grid, page } = table;
  // "what was capex?" asks for the amount spent: the statement's minus sign only says it is an outflow
  const outflow =
    cell.amount.value < 0 &&
    lineItemsAsked(evidence.question).some(
      (item) => OUTFLOW_ITEMS.has(item) && labelPrints(item, row.label, row.parent),
    );
  const value = outflow ? -cell.amount.value : cell.amount.value;
  const header = column.header || 'value';
  const { unit, scale: cellScale } = cellUnit(row, column);
  const citation = cellCitation(table, row, header, cell);
  const shown = cell.amount.dash
    ? 'nothing (a dash)'
    : `${valueWords(value, unit, cellScale)}${outflow ? ' (an outflow, printed negative)' : ''}`;
  const scale = scaleWords(cellScale);
  return {
    answer: typedAnswer(
      unit === '%' ? 'PERCENTAGE' : 'NUMBER',
      `${row.label} (${header}): ${shown} [p. ${page.pageNumber}]`,
      { value: String(value), unit, scale: cellScale },
    ),
    citations: [citation],
    analysis:
      `Read from the table on p. ${page.pageNumber} (evidence step ${page.step}): row "${row.label}" (${match.why}), ` +
      `column "${header}"${scale ? `, ${scale} (${grid.scaleText ?? 'the table'})` : ''}; ${boxNote([table])}.`,
  };
};
