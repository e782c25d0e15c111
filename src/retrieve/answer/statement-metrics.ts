import type { LineItem } from './line-items';

// Standard financial metrics as analysts and textbooks define them, one table: what a question calls each metric,
// the formulas (in order of preference: the first whose inputs the statements print is used) over statement line
// items, and how the result reads. Where the standard definition uses a balance over the year (turnover, returns),
// the balance is the average of the year's opening and closing year-ends, and the formula says so. These are
// textbook definitions, not fitted to any question set.

/** A line item of the period asked (`current`) or of the year before it (`prior`). */
export type Period = 'current' | 'prior';

/** A formula over line items; `asked` is the line item the question names itself (year-over-year change of X). */
export type Expr =
  | { op: 'item'; item: LineItem | 'asked'; period: Period; magnitude: boolean }
  | { op: 'average'; item: LineItem }
  | { op: 'const'; value: number }
  | { op: '+' | '-' | '*' | '/'; left: Expr; right: Expr };

/** How a result reads: a ratio ("2.72x"), a percentage, an amount in the statements' scale, days, $ per share. */
export type MetricResult = 'ratio' | 'percent' | 'amount' | 'days' | 'per-share';

export interface MetricDefinition {
  id: string;
  /** How the answer names it: "current ratio". */
  name: string;
  /** How a question asks for it, matched on the question in lower case. */
  asked: RegExp;
  result: MetricResult;
  /** Alternatives in order of preference. */
  formulas: Expr[];
}

/** The line item in the period asked; `magnitude` reads its size, as cash-flow outflows print negative. */
const at = (item: LineItem | 'asked', period: Period = 'current'): Expr => ({
  op: 'item',
  item,
  period,
  magnitude: false,
});
const size = (item: LineItem): Expr => ({ op: 'item', item, period: 'current', magnitude: true });
const average = (item: LineItem): Expr => ({ op: 'average', item });
const num = (value: number): Expr => ({ op: 'const', value });
const div = (left: Expr, right: Expr): Expr => ({ op: '/', left, right });
const sub = (left: Expr, right: Expr): Expr => ({ op: '-', left, right });
const add = (left: Expr, right: Expr): Expr => ({ op: '+', left, right });
const mul = (left: Expr, right: Expr): Expr => ({ op: '*', left, right });
const change = (item: LineItem | 'asked'): Expr => div(sub(at(item), at(item, 'prior')), at(item, 'prior'));
/** Days of the year's flow a balance stands for: 365 × average balance / the flow. */
const daysOf = (balance: LineItem, flow: LineItem): Expr => mul(div(average(balance), at(flow)), num(365));
const DAYS_SALES = daysOf('accountsReceivable', 'revenue');
const DAYS_INVENTORY = daysOf('inventory', 'costOfRevenue');
const DAYS_PAYABLES = daysOf('accountsPayable', 'costOfRevenue');

/** Checked in this order: a more specific name before one it contains ("quick ratio" before "ratio"). */
export const STATEMENT_METRICS: MetricDefinition[] = [
  {
    id: 'quick-ratio',
    name: 'quick ratio',
    asked: /\bquick ratio\b|\bacid[- ]test\b/,
    result: 'ratio',
    formulas: [div(sub(at('totalCurrentAssets'), at('inventory')), at('totalCurrentLiabilities'))],
  },
  // "sales to working capital" holds "working capital ratio" (the current ratio): checked first
  {
    id: 'sales-to-working-capital',
    name: 'sales to working capital ratio',
    asked: /\b(?:net )?(?:sales|revenues?) to (?:net )?working capital\b/,
    result: 'ratio',
    formulas: [div(at('revenue'), sub(at('totalCurrentAssets'), at('totalCurrentLiabilities')))],
  },
  {
    id: 'sales-to-equity',
    name: 'sales to equity ratio',
    asked: /\b(?:net )?(?:sales|revenues?) to (?:total )?(?:(?:share|stock)holders?['’]?s? )?equity\b/,
    result: 'ratio',
    formulas: [div(at('revenue'), at('shareholdersEquity'))],
  },
  {
    id: 'current-ratio',
    name: 'current ratio',
    asked: /\bcurrent ratio\b|\bworking capital ratio\b/,
    result: 'ratio',
    formulas: [div(at('totalCurrentAssets'), at('totalCurrentLiabilities'))],
  },
  {
    id: 'working-capital',
    name: 'working capital',
    asked: /\b(?:net )?working capital\b/,
    result: 'amount',
    formulas: [sub(at('totalCurrentAssets'), at('totalCurrentLiabilities'))],
  },
  {
    id: 'debt-to-equity',
    name: 'debt-to-equity ratio',
    asked: /\bdebt[- ]to[- ]equity\b|\bd\/e ratio\b/,
    result: 'ratio',
    formulas: [div(at('totalLiabilities'), at('shareholdersEquity'))],
  },
  {
    id: 'gross-margin',
    name: 'gross margin',
    asked: /\bgross (?:profit )?margin\b/,
    result: 'percent',
    formulas: [
      div(at('grossProfit'), at('revenue')),
      div(sub(at('revenue'), at('costOfRevenue')), at('revenue')),
    ],
  },
  {
    id: 'operating-margin',
    name: 'operating margin',
    asked: /\boperating (?:profit |income )?margin\b|\bebit margin\b/,
    result: 'percent',
    formulas: [div(at('operatingIncome'), at('revenue'))],
  },
  {
    id: 'net-margin',
    name: 'net profit margin',
    asked: /\bnet (?:profit |income )?margin\b|\bprofit margin\b/,
    result: 'percent',
    formulas: [div(at('netIncome'), at('revenue'))],
  },
  {
    id: 'inventory-turnover',
    name: 'inventory turnover',
    asked: /\binventory turnover\b/,
    result: 'ratio',
    formulas: [div(at('costOfRevenue'), average('inventory'))],
  },
  {
    id: 'asset-turnover',
    name: 'asset turnover',
    asked: /\b(?:total )?assets? turnover\b/,
    result: 'ratio',
    formulas: [div(at('revenue'), average('totalAssets'))],
  },
  {
    id: 'receivables-turnover',
    name: 'receivables turnover',
    asked: /\b(?:accounts )?receivables? turnover\b/,
    result: 'ratio',
    formulas: [div(at('revenue'), average('accountsReceivable'))],
  },
  // before its parts: a question about the cycle names them too
  {
    id: 'cash-conversion-cycle',
    name: 'cash conversion cycle',
    asked: /\bcash conversion cycle\b/,
    result: 'days',
    formulas: [sub(add(DAYS_INVENTORY, DAYS_SALES), DAYS_PAYABLES)],
  },
  {
    id: 'days-sales-outstanding',
    name: 'days sales outstanding',
    asked: /\bdays (?:of )?sales outstanding\b|\bdso\b/,
    result: 'days',
    formulas: [DAYS_SALES],
  },
  {
    id: 'days-inventory-outstanding',
    name: 'days inventory outstanding',
    asked: /\bdays (?:of )?inventory(?: outstanding| on hand)?\b|\bdays in inventory\b|\bdio\b/,
    result: 'days',
    formulas: [DAYS_INVENTORY],
  },
  {
    id: 'days-payables-outstanding',
    name: 'days payables outstanding',
    asked: /\bdays (?:of )?payables? outstanding\b|\bdpo\b/,
    result: 'days',
    formulas: [DAYS_PAYABLES],
  },
  {
    id: 'return-on-assets',
    name: 'return on assets',
    asked: /\breturn on (?:average )?(?:total )?assets\b|\broa\b/,
    result: 'percent',
    formulas: [div(at('netIncome'), average('totalAssets'))],
  },
  {
    id: 'return-on-equity',
    name: 'return on equity',
    asked: /\breturn on (?:average )?(?:(?:share|stock)holders['’]? )?equity\b|\broe\b/,
    result: 'percent',
    formulas: [div(at('netIncome'), average('shareholdersEquity'))],
  },
  {
    id: 'interest-coverage',
    name: 'interest coverage ratio',
    asked: /\binterest coverage\b|\btimes interest earned\b/,
    result: 'ratio',
    formulas: [div(at('operatingIncome'), size('interestExpense'))],
  },
  {
    id: 'diluted-eps',
    name: 'diluted earnings per share',
    asked: /\bdiluted (?:eps|earnings per share)\b/,
    result: 'per-share',
    formulas: [div(at('netIncome'), at('dilutedWeightedAverageShares'))],
  },
  {
    id: 'eps',
    name: 'earnings per share (basic)',
    asked: /\beps\b|\bearnings per share\b/,
    result: 'per-share',
    formulas: [div(at('netIncome'), at('weightedAverageShares'))],
  },
  {
    id: 'capex-to-revenue',
    name: 'capital expenditure as a share of revenue',
    asked:
      /^(?=.*\b(?:capex|capital expenditures?)\b)(?=.*\b(?:revenues?|sales)\b)(?=.*(?:%|\b(?:share|percent(?:age)?|ratio|proportion|fraction)\b))|\bcapital intensity\b/,
    result: 'percent',
    formulas: [div(size('capitalExpenditure'), at('revenue'))],
  },
  {
    id: 'dividend-payout',
    name: 'dividend payout ratio',
    asked: /\b(?:dividend )?payout ratio\b/,
    result: 'percent',
    formulas: [div(size('dividendsPaid'), at('netIncome'))],
  },
  {
    id: 'ebitda-margin',
    name: 'EBITDA margin',
    asked: /\bebitda (?:% )?margin\b/,
    result: 'percent',
    formulas: [div(add(at('operatingIncome'), at('depreciationAndAmortization')), at('revenue'))],
  },
  {
    id: 'ebitda',
    name: 'EBITDA (operating income + depreciation and amortization)',
    asked: /\bebitda\b/,
    result: 'amount',
    formulas: [add(at('operatingIncome'), at('depreciationAndAmortization'))],
  },
  {
    id: 'free-cash-flow',
    name: 'free cash flow',
    asked: /\bfree cash flows?\b|\bfcf\b/,
    result: 'amount',
    formulas: [sub(at('operatingCashFlow'), size('capitalExpenditure'))],
  },
  {
    id: 'revenue-growth',
    name: 'revenue growth',
    asked:
      /\b(?:revenue|sales) growth\b|\bgrowth (?:rate )?(?:in|of) (?:net |total )?(?:revenues?|sales)\b|\b(?:revenues?|sales) (?:grow|grew|increase|decrease|change)/,
    result: 'percent',
    formulas: [change('revenue')],
  },
  {
    id: 'year-over-year-change',
    name: 'year-over-year change',
    asked:
      /\byear[- ]over[- ]year\b|\byoy\b|\b(?:percent(?:age)?|%) (?:change|increase|decrease|growth)\b|\bgrowth rate\b|\bhow much did [^?]* (?:grow|increase|decrease|change)\b/,
    result: 'percent',
    formulas: [change('asked')],
  },
  // last: "long-term debt" and "debt-to-equity" name a line item or another metric, not the total
  {
    id: 'total-debt',
    name: 'total debt',
    asked:
      /(?<!(?:long|short)[- ]term |current |net |convertible |senior |subordinated |interest and )\bdebt\b(?![- ](?:to|expense|service|securities|issuance|issued|repayments?|maturit\w*|covenants?|ratio|instruments?|facilit\w*))/,
    result: 'amount',
    formulas: [add(at('currentDebt'), at('longTermDebt'))],
  },
];

/** The metric a question asks for, the first of the table that it names; null when it names none. */
export function metricAsked(question: string): MetricDefinition | null {
  const q = question.toLowerCase().replace(/[’‘]/g, "'");
  return STATEMENT_METRICS.find((m) => m.asked.test(q)) ?? null;
}

export const OP_SIGN: Record<'+' | '-' | '*' | '/', string> = { '+': '+', '-': '−', '*': '×', '/': '/' };
