// A question naming a primary financial statement (or a metric computed from one) seeds the pages whose table the
// layout titled with it: the title, headers and numbers sit in different passages, and the same words fill the
// MD&A and the notes. Pure functions; the pages come from cypher/retrieve/statement-pages.cypher.

export type FinancialStatement =
  'balance-sheet' | 'income-statement' | 'cash-flow-statement' | 'equity-statement';

/** How questions name each statement (its formal titles, the common short names). */
const NAMED_IN_QUESTION: Record<FinancialStatement, RegExp> = {
  'balance-sheet':
    /\bbalance[- ]sheets?\b(?!\s+(?:arrangements?|items?))|\bstatements? of financial (?:position|condition)\b/i,
  'income-statement':
    /\bincome statements?\b|\bstatements? of (?:consolidated )?(?:income|operations|earnings)\b|\bP\s?&\s?L\b|\bprofit (?:and|&) loss (?:statement|account)\b/i,
  'cash-flow-statement':
    /\bcash[- ]flows? statements?\b|\bstatements? of (?:consolidated )?cash[- ]flows?\b/i,
  'equity-statement':
    /\bstatements? of (?:changes in )?(?:share|stock)holders['’]? equity\b|\bequity statements?\b/i,
};

/** The statement's printed titles, in Java regex syntax for Cypher's `=~` (matched against a whole element text). */
const PRINTED_TITLE: Record<FinancialStatement, string> = {
  'balance-sheet': 'balance sheets?|statements? of financial (?:position|condition)',
  'income-statement': 'statements? of (?:income|operations|earnings)(?: and comprehensive (?:income|loss))?',
  'cash-flow-statement': 'statements? of cash flows?',
  'equity-statement': 'statements? of (?:changes in )?(?:share|stock)holders.? equity',
};

/** The same statements titled without "Consolidated", as a few companies print them ("INCOME STATEMENTS"). */
const BARE_TITLE: Record<FinancialStatement, string> = {
  'balance-sheet': 'balance sheets',
  'income-statement': 'income statements',
  'cash-flow-statement': 'cash flows? statements',
  'equity-statement': '(?:share|stock)holders.? equity statements',
};

/**
 * Metrics computed from a statement's own lines imply that statement, as an analyst reads them; "revenue" or "net
 * income" alone are reported in many places and imply no one page. */
const IMPLIED_BY_METRIC: Record<FinancialStatement, RegExp> = {
  'balance-sheet':
    /\bworking capital\b|\b(?:current|quick|cash|debt[- ]to[- ](?:equity|assets|capital)|leverage) ratio\b|\bdebt[- ]to[- ]equity\b|\btotal (?:assets|liabilities)\b|\bproperty,? plant,? (?:and|&) equipment\b|\bPP\s?&\s?E\b|\bPPNE\b|\bfixed assets?\b|\bbook value\b|\breturn on (?:average )?(?:total )?(?:assets|equity)\b|\bRO[AE]\b|\b(?:total |fixed )?asset turnover\b|\b(?:inventory|receivables?|payables?) turnover\b|\bdays (?:sales|inventory|payables?) outstanding\b|\bD[SIP]O\b|\bcash conversion cycle\b/i,
  'income-statement':
    /\b(?:gross|operating|EBITDA|net (?:profit|income)) margins?\b|\bgross profit\b|\bEBITDA\b|\bEBIT\b|\bcost of (?:goods sold|sales|revenues?)\b|\bCOGS\b|\bSG\s?&\s?A\b|\binterest coverage\b|\breturn on (?:average )?(?:total )?(?:assets|equity)\b|\bRO[AE]\b|\b(?:total |fixed )?asset turnover\b|\b(?:inventory|receivables?|payables?) turnover\b|\bdays (?:sales|inventory|payables?) outstanding\b|\bD[SIP]O\b|\bcash conversion cycle\b/i,
  'cash-flow-statement':
    /\bcapital expenditures?\b|\bcapex\b|\bfree cash flows?\b|\bcapital[- ]intensive\b|\bcapital intensity\b|\bdividend payout ratio\b|\bunadjusted EBITDA\b|\bdepreciation and amortization\b|\bD\s?&\s?A\b/i,
  'equity-statement': /(?!)/,
};

/** How a person names the statement: "balance sheet", "cash flow statement". */
export function statementName(statement: FinancialStatement): string {
  return statement.replace(/-/g, ' ');
}

/** The statements a question names ("based on the balance sheet"), in a fixed order. */
export function statementsNamed(question: string): FinancialStatement[] {
  return (Object.keys(NAMED_IN_QUESTION) as FinancialStatement[]).filter((s) =>
    NAMED_IN_QUESTION[s].test(question),
  );
}

/** The statements a question names or whose metrics it asks for ("the FY2022 quick ratio"), in a fixed order. */
export function statementsAskedFor(question: string): FinancialStatement[] {
  return (Object.keys(NAMED_IN_QUESTION) as FinancialStatement[]).filter(
    (s) => NAMED_IN_QUESTION[s].test(question) || IMPLIED_BY_METRIC[s].test(question),
  );
}

/**
 * A case-insensitive regex (valid in Java for Cypher's `=~` and in JavaScript) for a statement's printed title, not
 * an MD&A heading, a contents entry or "Off-Balance Sheet Arrangements"; the spec lists the titles it must tell apart. */
export function statementTitlePattern(statements: readonly FinancialStatement[]): string | null {
  if (statements.length === 0) return null;
  const titles = statements.map((s) => PRINTED_TITLE[s]).join('|');
  const bare = statements.map((s) => BARE_TITLE[s]).join('|');
  const company = String.raw`(?:[^\n:]{1,60}?\b(?:inc|corp|corporation|company|co|ltd|plc|llc|n\.v|s\.a)\.?,?\s+)?`;
  const consolidated = String.raw`(?:condensed\s+)?(?:consolidated|combined)\s+(?:condensed\s+)?(?:${titles})\b(?!\s+(?:and|analysis|data|reconciliation)\b)[^:]{0,90}(?<![.:])`;
  return String.raw`\s*(?:${company}${consolidated}|(?:${bare})(?:\s*\([^)]*\))*)\s*`;
}
