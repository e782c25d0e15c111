import { cellCitation, type EvidenceTable, evidenceTables, labelWords } from './evidence-tables';
import type { GridValue } from './table-grid';
import { columnFor, rowScore } from './table-cell-source';
import { type AnswerCandidate, type AnswerEvidence, type CandidateSource, typedAnswer } from './typed-answer';

// "Which region grew most in 2021?", "Which model has the lowest error rate?": the row of an evidence table whose
// value is the largest (smallest) in the column the question names, or the column whose value is, in the row it
// names. The answer is the winner's label, cited with its cell; a tie, or too few values to compare, answers nothing.

type Direction = 'max' | 'min';

const MOST = /\b(?:highest|most|largest|biggest|greatest|maximum|longest|tallest|fastest)\b/i;
const LEAST = /\b(?:lowest|least|smallest|fewest|minimum|shortest|slowest)\b/i;
/** The question asks for a thing, not a value: "which …", "what country …", "in which year …". */
const ASKS_WHICH =
  /(?:^|[,;:]\s*)(?:(?:in|for|among|of) )?(?:which|who)\b|\bwhat [\p{L}-]+ (?:has|had|is|was|are|were|does|did)\b/iu;
/** A total or an average is no candidate: it is the largest by construction, or not one of the things compared. */
const AGGREGATE = /\b(?:total|totals|all|overall|average|mean|median|sum)\b/i;
/** Fewer values than this are no ranking. */
const MIN_CANDIDATES = 3;

/** The direction of the superlative a "which …" question asks, or null. */
export function superlativeAsked(question: string): Direction | null {
  const q = question.replace(/\s+/g, ' ');
  if (!ASKS_WHICH.test(q)) return null;
  const more = MOST.test(q);
  if (more === LEAST.test(q)) return null;
  return more ? 'max' : 'min';
}

interface Winner {
  table: EvidenceTable;
  /** What won (a row label or a column header) and the line it won in (the column or row the question names). */
  label: string;
  line: string;
  rowIndex: number;
  header: string;
  value: GridValue;
  of: number;
  /** How many question words name the line: the table whose line the question names best answers. */
  fit: number;
}

const usable = (v: GridValue | null | undefined): v is GridValue => !!v && !v.amount.dash;

/** The largest (smallest) of the values, or null when two share it. */
function extreme<T extends { value: GridValue }>(items: T[], direction: Direction): T | null {
  const sign = direction === 'max' ? 1 : -1;
  const sorted = [...items].sort((a, b) => sign * (b.value.amount.value - a.value.amount.value));
  const [first, second] = sorted;
  if (!first || (second && second.value.amount.value === first.value.amount.value)) return null;
  return first;
}

/** Rows compared in the column the question names. */
function byRows(question: string, table: EvidenceTable, direction: Direction): Winner | null {
  const { columns, rows } = table.grid;
  const c = columnFor(question, columns, '');
  const column = c === null ? undefined : columns[c];
  if (c === null || !column || columns.length === 1) return null;
  const asked = new Set(labelWords(question));
  const fit = labelWords(column.header).filter((w) => asked.has(w)).length;
  const items = rows.flatMap((row, rowIndex) => {
    const value = row.values[c];
    return usable(value) && !AGGREGATE.test(row.label) ? [{ row, rowIndex, value }] : [];
  });
  if (items.length < MIN_CANDIDATES || fit === 0) return null;
  const best = extreme(items, direction);
  return best
    ? {
        table,
        label: best.row.label,
        line: column.header,
        rowIndex: best.rowIndex,
        header: column.header,
        value: best.value,
        of: items.length,
        fit,
      }
    : null;
}

/** Columns compared in the row the question names. */
function byColumns(question: string, table: EvidenceTable, direction: Direction): Winner | null {
  const named = table.grid.rows
    .map((row, rowIndex) => ({ row, rowIndex, scored: rowScore(question, row) }))
    .filter((r) => r.scored !== null)
    .sort((a, b) => b.scored!.score - a.scored!.score)[0];
  if (!named) return null;
  const items = table.grid.columns.flatMap((column, c) => {
    const value = named.row.values[c];
    return usable(value) && !AGGREGATE.test(column.header) && column.header.trim() !== ''
      ? [{ column, value }]
      : [];
  });
  if (items.length < MIN_CANDIDATES) return null;
  const best = extreme(items, direction);
  return best
    ? {
        table,
        label: best.column.header,
        line: named.row.label,
        rowIndex: named.rowIndex,
        header: best.column.header,
        value: best.value,
        of: items.length,
        fit: named.scored!.score,
      }
    : null;
}

export const superlativeSource: CandidateSource = (evidence: AnswerEvidence): AnswerCandidate | null => {
  if (evidence.kind === 'LIST' || evidence.kind === 'YES_NO' || evidence.kind === 'COUNT') return null;
  const direction = superlativeAsked(evidence.question);
  if (!direction) return null;
  let best: Winner | null = null;
  for (const table of evidenceTables(evidence)) {
    for (const found of [
      byRows(evidence.question, table, direction),
      byColumns(evidence.question, table, direction),
    ])
      if (found && (!best || found.fit > best.fit)) best = found;
  }
  if (!best) return null;
  const { table, label, line, value, of } = best;
  const row = table.grid.rows[best.rowIndex]!;
  const citation = cellCitation(table, row, best.header, value);
  const word = direction === 'max' ? 'highest' : 'lowest';
  return {
    answer: typedAnswer(
      'NAME',
      `${label} — ${line}: ${value.text}, the ${word} of ${of} [p. ${table.page.pageNumber}]`,
      { value: label },
    ),
    citations: [citation],
    analysis:
      `Compared the ${of} values of "${line}" in the table on p. ${table.page.pageNumber} ` +
      `(evidence step ${table.page.step}): "${label}" has the ${word}, ${value.text}.`,
  };
};
