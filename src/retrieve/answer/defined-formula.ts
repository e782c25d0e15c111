import { LINE_ITEM_DEFINITIONS, type LineItem, lineItemsAsked, OUTFLOW_ITEMS } from './line-items';
import { normaliseLabel } from './table-numbers';
import { type Expr, type MetricDefinition, metricAsked, type MetricResult } from './statement-metrics';
import { yearsAsked } from './evidence-tables';

// A metric the question defines itself ("Operating cash flow ratio is defined as: cash from operations / total
// current liabilities"): its formula over the statement line items it names, read from the question, so the
// answer computes what was asked rather than the textbook definition. A term that names no one line item means
// no definition (the standard table answers, or nothing).

const OPERATOR = /\s[-−–]\s|[()+*/×÷]/g;

type Token = { op: string } | { phrase: string };

function tokens(text: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  for (const m of text.matchAll(OPERATOR)) {
    const phrase = text.slice(at, m.index).trim();
    if (phrase) out.push({ phrase });
    out.push({ op: m[0].trim().replace(/[−–]/, '-').replace('×', '*').replace('÷', '/') });
    at = m.index + m[0].length;
  }
  const last = text.slice(at).trim();
  if (last) out.push({ phrase: last });
  return out;
}

/** The line item a phrase names: the one whose name covers most of it ("cost of sales", not "sales"). */
function oneItem(phrase: string): LineItem | null {
  const text = normaliseLabel(phrase);
  const spans = lineItemsAsked(phrase)
    .map((item) => ({ item, length: LINE_ITEM_DEFINITIONS[item].asked.exec(text)?.[0].length ?? 0 }))
    .sort((a, b) => b.length - a.length);
  const [first, second] = spans;
  return first && (!second || second.length < first.length) ? first.item : null;
}

/** One term: a number, "average X", or the one line item the phrase names (in an earlier year: the prior one). */
function term(phrase: string, latestYear: number | null): Expr | null {
  const p = phrase.replace(/^(?:the|a|an)\s+/i, '').trim();
  if (/^\d+(?:\.\d+)?$/.test(p)) return { op: 'const', value: Number(p) };
  const average = /^average\s+(.+?)(?:\s+between\b.*)?$/i.exec(p);
  const item = oneItem(average ? average[1]! : p);
  if (item === null) return null;
  if (average) return { op: 'average', item };
  const years = yearsAsked(p);
  const prior = latestYear !== null && years.length === 1 && years[0]! < latestYear;
  return { op: 'item', item, period: prior ? 'prior' : 'current', magnitude: OUTFLOW_ITEMS.has(item) };
}

/** Parses "a / (b + c)" over phrases; null when a term or the shape is not understood. */
export function parseFormula(text: string, latestYear: number | null = null): Expr | null {
  const list = tokens(text);
  let i = 0;
  const isOp = (op: string) => {
    const t = list[i];
    return t !== undefined && 'op' in t && t.op === op;
  };
  const factor = (): Expr | null => {
    if (isOp('(')) {
      i++;
      const inner = sum();
      if (!inner || !isOp(')')) return null;
      i++;
      return inner;
    }
    const t = list[i];
    if (!t || !('phrase' in t)) return null;
    i++;
    return term(t.phrase, latestYear);
  };
  /** Operands joined left to right by the operators `ops` ("a / b * c" is "(a / b) * c"). */
  const chain =
    <Op extends '*' | '/' | '+' | '-'>(ops: readonly Op[], operand: () => Expr | null) =>
    (): Expr | null => {
      let left = operand();
      while (left && ops.some(isOp)) {
        const op = (list[i++] as { op: Op }).op;
        const right = operand();
        left = right ? { op, left, right } : null;
      }
      return left;
    };
  const product = chain(['*', '/'], factor);
  const sum = chain(['+', '-'], product);
  const expr = sum();
  return expr && i === list.length && expr.op !== 'item' && expr.op !== 'const' ? expr : null;
}

function resultOf(name: string): MetricResult {
  if (/\bmargin\b|%|\bpercent/i.test(name)) return 'percent';
  if (/\bdays\b/i.test(name)) return 'days';
  if (/\bratio\b|\bturnover\b|\bmultiple\b/i.test(name)) return 'ratio';
  return 'amount';
}

/**
 * Whether the rest of the question asks for the defined quantity itself, not for another metric built on it
 * ("the 3 year average EBITDA % margin" with EBITDA defined): the name is asked, and no metric word follows it.
 */
function asksFor(rest: string, name: string): boolean {
  const at = rest.toLowerCase().indexOf(name.toLowerCase());
  if (at < 0) return false;
  const after = rest.slice(at + name.length).trimStart();
  const before = rest.slice(0, at);
  return (
    !/^(?:%|(?:margin|ratio|growth|rate|turnover|per share|yield)\b)/i.test(after) &&
    !/\baverage\s+$/i.test(before)
  );
}

/** The metric the question defines ("X is defined as A / B", "define X as …"); null when it defines none it can read. */
export function definedMetric(question: string): MetricDefinition | null {
  const q = question.replace(/\s+/g, ' ');
  const defs = [
    ...q.matchAll(
      /(?:^|[.?:!]\s+)(?:(?:[Hh]ere\s+)?(?:[Ww]e\s+)?[Dd]efine\s+)?([^.?:!]*?)\s+(?:(?:is|are)\s+)?(?:here\s+)?defined\s+as:?\s+(.+?)(?=\.\s+\p{Lu}|\.?\s*$|\?)|\b[Dd]efine\s+([^.?:!]+?)\s+as:?\s+(.+?)(?=\.\s+\p{Lu}|\.?\s*$|\?)/gu,
    ),
  ];
  if (defs.length !== 1) return null;
  const d = defs[0]!;
  const printed = (d[1] ?? d[3] ?? '').replace(/^(?:the|a|an)\s+|\s+here$/gi, '').trim();
  // "It is defined as …" names the metric the question asks for
  const pronoun = /^(?:it|this|this (?:ratio|metric|measure))$/i.test(printed);
  const name = pronoun ? 'metric as the question defines it' : printed;
  if (!pronoun && !asksFor(q.replace(d[0], ' '), name)) return null;
  const years = yearsAsked(question);
  const formula = parseFormula((d[2] ?? d[4] ?? '').trim(), years.length ? Math.max(...years) : null);
  if (!name || !formula) return null;
  return {
    id: 'defined-in-question',
    name: name.toLowerCase(),
    asked: /$^/,
    result: resultOf(name),
    formulas: [formula],
  };
}

/** The metric a question asks for: the one it defines itself, else the standard one it names. */
export function metricFor(question: string): MetricDefinition | null {
  return definedMetric(question) ?? metricAsked(question);
}
