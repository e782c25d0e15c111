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

/** The formulas of the other terms the question defines, by lower-case name ("DIO" in "CCC = DIO + DSO − DPO"). */
type Defined = ReadonlyMap<string, string>;

/**
 * One term: a number, "average X", "change in X", a term the question defines elsewhere, or the one line item the
 * phrase names (in an earlier year: the prior one).
 */
function term(phrase: string, latestYear: number | null, defined: Defined): Expr | null {
  const p = phrase.replace(/^(?:the|a|an)\s+/i, '').trim();
  if (/^\d+(?:\.\d+)?$/.test(p)) return { op: 'const', value: Number(p) };
  const own = defined.get(p.toLowerCase());
  if (own !== undefined) {
    const others = new Map([...defined].filter(([name]) => name !== p.toLowerCase()));
    return parseFormula(own, latestYear, others, false);
  }
  const average = /^average\s+(.+?)(?:\s+between\b.*)?$/i.exec(p);
  const changed = /^change in\s+(.+?)(?:\s+between\b.*)?$/i.exec(p);
  const item = oneItem(average?.[1] ?? changed?.[1] ?? p);
  if (item === null) return null;
  if (average) return { op: 'average', item };
  const at = (period: 'current' | 'prior'): Expr => ({
    op: 'item',
    item,
    period,
    magnitude: OUTFLOW_ITEMS.has(item),
  });
  if (changed) return { op: '-', left: at('current'), right: at('prior') };
  const years = yearsAsked(p);
  const prior = latestYear !== null && years.length === 1 && years[0]! < latestYear;
  return at(prior ? 'prior' : 'current');
}

/**
 * Parses "a / (b + c)" over phrases; null when a term or the shape is not understood. A whole formula must
 * compute something (`computes`): one bare line item is a name, not a definition.
 */
export function parseFormula(
  text: string,
  latestYear: number | null = null,
  defined: Defined = new Map(),
  computes = true,
): Expr | null {
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
    return term(t.phrase, latestYear, defined);
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
  if (!expr || i !== list.length) return null;
  return !computes || (expr.op !== 'item' && expr.op !== 'const') ? expr : null;
}

/** Whether a formula counts days: 365 (or 360) × a share of a year's flow, or a sum of such ("DIO + DSO − DPO"). */
function countsDays(e: Expr): boolean {
  switch (e.op) {
    case 'const':
      return e.value === 365 || e.value === 360;
    case '*':
      return countsDays(e.left) || countsDays(e.right);
    case '/':
      return countsDays(e.left);
    case '+':
    case '-':
      return countsDays(e.left) && countsDays(e.right);
    default:
      return false;
  }
}

function resultOf(name: string, formula: Expr): MetricResult {
  if (/\bmargin\b|%|\bpercent/i.test(name)) return 'percent';
  if (/\bdays\b/i.test(name) || countsDays(formula)) return 'days';
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

const DEFINITION =
  /(?:^|[.?:!]\s+)(?:(?:[Hh]ere\s+)?(?:[Ww]e\s+)?[Dd]efine\s+)?([^.?:!]*?)\s+(?:(?:is|are)\s+)?(?:here\s+)?defined\s+as:?\s+(.+?)(?=\.\s+\p{Lu}|\.?\s*$|\?)|\b[Dd]efine\s+([^.?:!]+?)\s+as:?\s+(.+?)(?=\.\s+\p{Lu}|\.?\s*$|\?)/gu;

interface Definition {
  /** The defined term as printed ("CCC"); a pronoun ("It is defined as …") names the metric asked. */
  name: string;
  pronoun: boolean;
  formula: string;
  /** The whole clause, removed from the question to see what the rest asks for. */
  clause: string;
}

function definitionsIn(question: string): Definition[] {
  return [...question.matchAll(DEFINITION)].map((d) => {
    const name = (d[1] ?? d[3] ?? '').replace(/^(?:the|a|an)\s+|\s+here$/gi, '').trim();
    return {
      name,
      pronoun: /^(?:it|this|this (?:ratio|metric|measure))$/i.test(name),
      formula: (d[2] ?? d[4] ?? '').trim(),
      clause: d[0],
    };
  });
}

/**
 * The metric the question defines ("X is defined as A / B", "define X as …"), its formula over the other terms it
 * defines ("CCC is defined as DIO + DSO − DPO. DIO is defined as …"); null when it defines none it can read.
 */
export function definedMetric(question: string): MetricDefinition | null {
  const q = question.replace(/\s+/g, ' ');
  const defs = definitionsIn(q);
  const rest = defs.reduce((text, d) => text.replace(d.clause, ' '), q);
  const asked = defs.filter((d) => d.pronoun || (d.name !== '' && asksFor(rest, d.name)));
  if (asked.length !== 1) return null;
  const target = asked[0]!;
  const others = new Map(defs.filter((d) => d !== target).map((d) => [d.name.toLowerCase(), d.formula]));
  const years = yearsAsked(question);
  const formula = parseFormula(target.formula, years.length ? Math.max(...years) : null, others);
  if (!formula) return null;
  const name = target.pronoun ? 'metric as the question defines it' : target.name;
  return {
    id: 'defined-in-question',
    // an acronym keeps its capitals ("CCC"), a phrase reads in lower case mid-sentence
    name: /^[\p{Lu}\d&/-]+$/u.test(name) ? name : name.toLowerCase(),
    asked: /$^/,
    result: resultOf(name, formula),
    formulas: [formula],
  };
}

/** The metric a question asks for: the one it defines itself, else the standard one it names. */
export function metricFor(question: string): MetricDefinition | null {
  return definedMetric(question) ?? metricAsked(question);
}
