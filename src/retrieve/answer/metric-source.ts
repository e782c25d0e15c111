import type { Citation } from '../retrieve.types';
import {
  boxNote,
  cellCitation,
  type EvidenceTable,
  evidenceTables,
  periodFits,
  yearsAsked,
} from './evidence-tables';
import { LINE_ITEM_DEFINITIONS, type LineItem, labelPrints } from './line-items';
import { metricFor } from './defined-formula';
import { type Expr, type MetricDefinition, OP_SIGN } from './statement-metrics';
import { rowScore } from './table-cell-source';
import type { GridRow, GridValue } from './table-grid';
import { formatAmount, normaliseLabel, SCALE_FACTOR } from './table-numbers';
import type { AnswerCandidate, AnswerKind, CandidateSource, NumberScale } from './typed-answer';
import { typedAnswer } from './typed-answer';
import { decimalsAsked, percentAsked, roundTo } from './rounding';
import { PRINTED_ON } from './statement-window';
import { yearsAveraged } from './years-averaged';

// A standard metric (statement-metrics.ts) computed from the cells of the evidence's statements: each input is the
// row that prints its line item in the column of the year asked (the balance sheet may be on one page and the
// income statement on another), the arithmetic is shown with the printed numbers and each cell is cited. An input
// the evidence does not print means no candidate: a metric is never estimated.

const METRIC_KINDS = new Set<AnswerKind>(['NUMBER', 'PERCENTAGE', 'TEXT']);

/** One input cell, found. */
interface InputCell {
  table: EvidenceTable;
  row: GridRow;
  header: string;
  cell: GridValue;
  /** The value in units (the table's scale applied). */
  value: number;
}

type Resolve = (item: LineItem | 'asked', year: number) => InputCell | null;

/** Rows under these groups print a change in a balance (a cash-flow statement's "Changes in operating assets"). */
const CHANGE_GROUP = /\bchanges? in\b|\b(?:increase|decrease)\b/i;

/**
 * The cell of a line item in a year: the most specific label first, then evidence order; a line item read once
 * is read for its other years from the same row first, so an average or a change compares like with like.
 */
function cellOf(tables: EvidenceTable[], question: string): Resolve {
  const home = new Map<LineItem | 'asked', { table: EvidenceTable; row: GridRow }>();
  const found = (row: GridRow, table: EvidenceTable, year: number): InputCell | null => {
    const index = table.grid.columns.findIndex(
      (c, k) => c.year === year && row.values[k] && periodFits(question, c),
    );
    const cell = index < 0 ? null : row.values[index];
    if (!cell) return null;
    const header = table.grid.columns[index]!.header;
    return { table, row, header, cell, value: cell.amount.value * SCALE_FACTOR[row.scale] };
  };
  const search = (item: LineItem | 'asked', year: number): InputCell | null => {
    if (item === 'asked') {
      let best: { score: number; input: InputCell } | null = null;
      for (const table of tables)
        for (const row of table.grid.rows) {
          const scored = rowScore(question, row);
          const input: InputCell | null =
            scored && (!best || scored.score > best.score) ? found(row, table, year) : null;
          if (scored && input) best = { score: scored.score, input };
        }
      return best?.input ?? null;
    }
    for (const label of LINE_ITEM_DEFINITIONS[item].labels)
      for (const table of tables)
        for (const row of table.grid.rows) {
          if (!label.test(normaliseLabel(row.label)) || !labelPrints(item, row.label, row.parent)) continue;
          // a cash-flow line ("Net cash provided by operating activities") may follow that group unseparated
          if (CHANGE_GROUP.test(row.parent ?? '') && PRINTED_ON[item] !== 'cash-flow-statement') continue;
          const input = found(row, table, year);
          if (input) return input;
        }
    return null;
  };
  return (item, year) => {
    const known = home.get(item);
    const input = (known && found(known.row, known.table, year)) ?? search(item, year);
    if (input && !known) home.set(item, { table: input.table, row: input.row });
    return input;
  };
}

interface Evaluated {
  value: number;
  /** The arithmetic with the printed numbers: "26,291 / 9,674". */
  numbers: string;
  /** The same in words: "total current assets / total current liabilities". */
  words: string;
  inputs: InputCell[];
}

/** Evaluates a formula for a year; null when an input is missing or a divisor is zero. */
function evaluate(expr: Expr, year: number, resolve: Resolve, top = true): Evaluated | null {
  switch (expr.op) {
    case 'const':
      return { value: expr.value, numbers: String(expr.value), words: String(expr.value), inputs: [] };
    case 'item': {
      const input = resolve(expr.item, expr.period === 'prior' ? year - 1 : year);
      if (!input) return null;
      const value = expr.magnitude ? Math.abs(input.value) : input.value;
      const printed = formatAmount(
        expr.magnitude ? Math.abs(input.cell.amount.value) : input.cell.amount.value,
      );
      const name =
        expr.item === 'asked' ? input.row.label.toLowerCase() : LINE_ITEM_DEFINITIONS[expr.item].name;
      const words = expr.period === 'prior' ? `${name} FY${year - 1}` : name;
      return { value, numbers: printed, words, inputs: [input] };
    }
    case 'average': {
      const closing = resolve(expr.item, year);
      const opening = resolve(expr.item, year - 1);
      if (!closing || !opening) return null;
      const [a, b] = [closing.cell.amount.value, opening.cell.amount.value].map((v) => formatAmount(v));
      return {
        value: (closing.value + opening.value) / 2,
        numbers: `((${a} + ${b}) / 2)`,
        words: `average ${LINE_ITEM_DEFINITIONS[expr.item].name}`,
        inputs: [closing, opening],
      };
    }
    default: {
      const left = evaluate(expr.left, year, resolve, false);
      const right = evaluate(expr.right, year, resolve, false);
      if (!left || !right) return null;
      if (expr.op === '/' && right.value === 0) return null;
      const value =
        expr.op === '+'
          ? left.value + right.value
          : expr.op === '-'
            ? left.value - right.value
            : expr.op === '*'
              ? left.value * right.value
              : left.value / right.value;
      const wrap = (t: string) => (top || expr.op === '*' || expr.op === '/' ? t : `(${t})`);
      const sign = OP_SIGN[expr.op];
      return {
        value,
        numbers: wrap(`${left.numbers} ${sign} ${right.numbers}`),
        words: wrap(`${left.words} ${sign} ${right.words}`),
        inputs: [...left.inputs, ...right.inputs],
      };
    }
  }
}

/** The year the question asks about: the latest it names, else the latest the evidence tables print. */
function yearFor(question: string, tables: EvidenceTable[]): { year: number; named: boolean } | null {
  const named = yearsAsked(question);
  if (named.length > 0) return { year: Math.max(...named), named: true };
  const printed = tables.flatMap((t) => t.grid.columns.map((c) => c.year ?? 0)).filter((y) => y > 0);
  return printed.length ? { year: Math.max(...printed), named: false } : null;
}

const RESULT_UNIT: Record<MetricDefinition['result'], string | null> = {
  ratio: 'x',
  percent: '%',
  amount: 'USD',
  days: 'days',
  'per-share': 'USD per share',
};

export const metricSource: CandidateSource = (evidence) => {
  if (!METRIC_KINDS.has(evidence.kind)) return null;
  const metric = metricFor(evidence.question);
  if (!metric) return null;
  const tables = evidenceTables(evidence);
  const period = yearFor(evidence.question, tables);
  if (!period) return null;
  const resolve = cellOf(tables, evidence.question);
  const years = yearsAveraged(evidence.question, period.year);
  let done: Evaluated | null = null;
  for (const formula of metric.formulas) {
    done = years ? averageOver(formula, years, resolve) : evaluate(formula, period.year, resolve);
    if (done) break;
  }
  if (!done) return null;
  return candidate(evidence.question, metric, { ...period, from: years?.[0] ?? period.year }, done);
};

/** The metric's mean over several years, each year computed alone; null when a year's inputs are missing. */
function averageOver(formula: Expr, years: number[], resolve: Resolve): Evaluated | null {
  const each = years.map((year) => evaluate(formula, year, resolve));
  if (each.some((e) => e === null)) return null;
  const done = each as Evaluated[];
  return {
    value: done.reduce((sum, e) => sum + e.value, 0) / done.length,
    numbers: `(${done.map((e) => `(${e.numbers})`).join(' + ')}) / ${done.length}`,
    words: `the mean over FY${years[0]}–FY${years[years.length - 1]} of ${done[0]!.words}`,
    inputs: done.flatMap((e) => e.inputs),
  };
}

/** Whether printed arithmetic adds or subtracts outside any parentheses ("a + b", not "a / ((b + c) / 2)"). */
export function sumAtTop(numbers: string): boolean {
  let depth = 0;
  for (let i = 0; i < numbers.length; i++) {
    const ch = numbers[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && (ch === '+' || ch === '−') && numbers[i - 1] === ' ') return true;
  }
  return false;
}

function candidate(
  question: string,
  metric: MetricDefinition,
  period: { year: number; named: boolean; from: number },
  done: Evaluated,
): AnswerCandidate {
  const fy = period.from === period.year ? `FY${period.year}` : `FY${period.from}–FY${period.year}`;
  const asPercent = metric.result === 'percent' || (metric.result === 'ratio' && percentAsked(question));
  const scales = [...new Set(done.inputs.map((i) => i.row.scale))];
  const scale: NumberScale = metric.result === 'amount' && scales.length === 1 ? scales[0]! : 'units';
  const raw = asPercent
    ? done.value * 100
    : metric.result === 'amount'
      ? done.value / SCALE_FACTOR[scale]
      : done.value;
  const decimals = decimalsAsked(question) ?? (metric.result === 'amount' ? 0 : 2);
  const value = roundTo(raw, decimals);
  const shown = `${formatAmount(value, decimals).replace(/^\((.*)\)$/, '-$1')}${asPercent ? '%' : ''}`;
  const pages = [...new Set(done.inputs.map((i) => i.table.page.pageNumber))];
  const where = pages.length === 1 ? `p. ${pages[0]}` : `pp. ${pages.join(', ')}`;
  const times = asPercent ? ' × 100' : '';
  const average = done.words.includes('average')
    ? `; an average is the mean of the FY${period.year} and FY${period.year - 1} year-ends`
    : '';
  // "(a + b) × 100": a sum or difference scaled as a whole
  const numbers = asPercent && sumAtTop(done.numbers) ? `(${done.numbers})` : done.numbers;
  const formula = `${shown} = ${numbers}${times} (${done.words}, ${fy}, ${where}${average})`;
  const unit = asPercent ? '%' : RESULT_UNIT[metric.result];
  const inScale = scale === 'units' ? '' : ` ${scale}`;
  // after the value: an amount its scale and currency, days their word, ratios nothing
  const words = metric.result === 'amount' ? `${inScale} USD` : metric.result === 'days' ? ' days' : '';
  const key = (i: InputCell) => `${i.table.grid.element.elementId}:${i.row.row}:${i.header}`;
  const cited = done.inputs.filter((i, k) => done.inputs.findIndex((j) => key(j) === key(i)) === k);
  const citations: Citation[] = cited.map((i) => cellCitation(i.table, i.row, i.header, i.cell));
  const steps = [...new Set(done.inputs.map((i) => i.table.page.step))].join(', ');
  return {
    answer: typedAnswer(
      asPercent ? 'PERCENTAGE' : 'NUMBER',
      `The ${metric.name} for ${fy} was ${shown}${words} (${formula}) [${where}]`,
      { value: String(value), unit, scale: metric.result === 'amount' ? scale : 'units', formula },
    ),
    citations,
    analysis:
      `Computed the ${metric.name} from ${cited.length} statement cells (evidence steps ${steps}): ` +
      `${done.words}, ${fy}${period.named ? '' : ' (the latest year the statements print: the question names none)'}, ` +
      `rounded to ${decimals} decimal places; ${boxNote(done.inputs.map((i) => i.table))}.`,
  };
}
