import { cellCitation, type EvidenceTable, evidenceTables, labelWords, yearsAsked } from './evidence-tables';
import { formatAmount, isPeriodText } from './table-numbers';
import type { GridValue } from './table-grid';
import { columnFor, rowScore } from './table-cell-source';
import { type CandidateSource, typedAnswer } from './typed-answer';

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

/** "Which segment grew the most from 2021 to 2022": the change between two period columns is what is compared. */
const CHANGE =
  /\b(?:increase[sd]?|grew|growth|gain(?:ed|s)?|rise|rose|decrease[sd]?|decline[sd]?|drop(?:ped)?|fell|change[sd]?)\b/i;
/** The question asks which period ("in which year", "what quarter"). */
const PERIOD_ASKED = /\b(?:which|what)\s+(?:fiscal\s+)?(?:year|quarter|month|period|day|decade|season)s?\b/i;
const FALLING = /\b(?:decrease[sd]?|decline[sd]?|drop(?:ped)?|fell)\b/i;

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
  /** For a change between two periods: the earlier period's cell, and the change. */
  from?: { header: string; value: GridValue; change: number };
}

const usable = (v: GridValue | null | undefined): v is GridValue => !!v && !v.amount.dash;

/** The item with the largest (smallest) number — its value unless `of` says otherwise — or null when two share it. */
function extreme<T extends { value: GridValue }>(
  items: T[],
  direction: Direction,
  of: (item: T) => number = (item) => item.value.amount.value,
): T | null {
  const sign = direction === 'max' ? 1 : -1;
  const sorted = [...items].sort((a, b) => sign * (of(b) - of(a)));
  const [first, second] = sorted;
  if (!first || (second && of(second) === of(first))) return null;
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

/**
 * Rows compared by their change between the two period columns the question names, earlier to later; the largest
 * rise, or for "fell the most" the largest fall.
 */
function byChange(question: string, table: EvidenceTable, direction: Direction): Winner | null {
  const years = yearsAsked(question);
  if (years.length !== 2 || !CHANGE.test(question)) return null;
  const [early, late] = [...years]
    .sort((a, b) => a - b)
    .map((y) => {
      const at = table.grid.columns.flatMap((c, i) => (c.year === y ? [i] : []));
      return at.length === 1 ? at[0]! : null;
    });
  if (early == null || late == null) return null;
  const items = table.grid.rows.flatMap((row, rowIndex) => {
    const [a, b] = [row.values[early], row.values[late]];
    if (!usable(a) || !usable(b) || AGGREGATE.test(row.label)) return [];
    return [{ row, rowIndex, value: b, from: a, change: b.amount.value - a.amount.value }];
  });
  if (items.length < MIN_CANDIDATES) return null;
  // "fell the most" ranks the falls (the most negative change), "grew the least" the smallest change
  const falling = FALLING.test(question);
  const winner = extreme(items, falling ? (direction === 'max' ? 'min' : 'max') : direction, (i) => i.change);
  if (!winner) return null;
  const columns = table.grid.columns;
  return {
    table,
    label: winner.row.label,
    line: `the change from ${columns[early]!.header} to ${columns[late]!.header}`,
    rowIndex: winner.rowIndex,
    header: columns[late]!.header,
    value: winner.value,
    of: items.length,
    // two named periods and a change word name the comparison more exactly than one column header
    fit: 2,
    from: { header: columns[early]!.header, value: winner.from, change: winner.change },
  };
}

/** Columns compared in the row the question names. */
function byColumns(question: string, table: EvidenceTable, direction: Direction): Winner | null {
  const named = table.grid.rows
    .map((row, rowIndex) => ({ row, rowIndex, scored: rowScore(question, row) }))
    .filter((r) => r.scored !== null)
    .sort((a, b) => b.scored!.score - a.scored!.score)[0];
  if (!named) return null;
  // "which segment had the highest net income" is not answered by a quarter: periods win only when asked for
  const periods = PERIOD_ASKED.test(question);
  const items = table.grid.columns.flatMap((column, c) => {
    const value = named.row.values[c];
    return usable(value) &&
      !AGGREGATE.test(column.header) &&
      column.header.trim() !== '' &&
      (periods || !isPeriodText(column.header))
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

export const superlativeSource: CandidateSource = (evidence) => {
  if (evidence.kind === 'LIST' || evidence.kind === 'YES_NO' || evidence.kind === 'COUNT') return null;
  const direction = superlativeAsked(evidence.question);
  if (!direction) return null;
  let best: Winner | null = null;
  for (const table of evidenceTables(evidence)) {
    for (const found of [
      byChange(evidence.question, table, direction),
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
  if (best.from) {
    const { from } = best;
    const change = `${from.change > 0 ? '+' : ''}${formatAmount(from.change).replace(/^\((.*)\)$/, '-$1')}`;
    const shown = `${label} — ${from.value.text} → ${value.text} (${change}), ${line}, the ${direction === 'max' ? 'largest' : 'smallest'} of ${of}`;
    return {
      answer: typedAnswer('NAME', `${shown} [p. ${table.page.pageNumber}]`, { value: label }),
      citations: [cellCitation(table, row, from.header, from.value), citation],
      analysis:
        `Compared ${line} of the ${of} rows of the table on p. ${table.page.pageNumber} ` +
        `(evidence step ${table.page.step}): "${label}" changed by ${change}.`,
    };
  }
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
