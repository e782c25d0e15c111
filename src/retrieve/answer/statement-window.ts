import { type FinancialStatement, statementsAskedFor } from '../financial-statements';
import type { RetrieveRepository } from '../retrieve.repository';
import type { SearchResult } from '../retrieve.types';
import { CHAIN_ONLY, judgedIrrelevant, type PickedPage } from './answer-evidence';
import { metricFor } from './defined-formula';
import { type LineItem, lineItemsAsked } from './line-items';
import type { Expr } from './statement-metrics';

// A metric's inputs often sit on two statements (cash from operations on the cash-flow statement, current
// liabilities on the balance sheet) and the search's top pages hold one of them. The answer then also reads the
// pages of the statements the question needs, titled as such in the document: a bounded window after the evidence.

/** Statement pages an answer reads beyond its evidence: a titled page and the page it continues on, per statement. */
export const STATEMENT_WINDOW_PAGES = 4;

/** The primary statement each line item is printed on, as a reader of a filing looks it up. */
export const PRINTED_ON: Record<LineItem, FinancialStatement> = {
  revenue: 'income-statement',
  costOfRevenue: 'income-statement',
  grossProfit: 'income-statement',
  operatingIncome: 'income-statement',
  netIncome: 'income-statement',
  interestExpense: 'income-statement',
  weightedAverageShares: 'income-statement',
  dilutedWeightedAverageShares: 'income-statement',
  totalCurrentAssets: 'balance-sheet',
  totalCurrentLiabilities: 'balance-sheet',
  inventory: 'balance-sheet',
  accountsReceivable: 'balance-sheet',
  accountsPayable: 'balance-sheet',
  totalAssets: 'balance-sheet',
  totalLiabilities: 'balance-sheet',
  shareholdersEquity: 'balance-sheet',
  currentDebt: 'balance-sheet',
  longTermDebt: 'balance-sheet',
  operatingCashFlow: 'cash-flow-statement',
  capitalExpenditure: 'cash-flow-statement',
  dividendsPaid: 'cash-flow-statement',
  depreciationAndAmortization: 'cash-flow-statement',
};

function itemsOf(expr: Expr): LineItem[] {
  switch (expr.op) {
    case 'const':
      return [];
    case 'item':
      return expr.item === 'asked' ? [] : [expr.item];
    case 'average':
      return [expr.item];
    default:
      return [...itemsOf(expr.left), ...itemsOf(expr.right)];
  }
}

/**
 * The statements a question needs read: those it names or whose metric words it uses, those printing the line
 * items of the metric it asks for (its first formula: the one the statements are expected to print), and for a
 * question asking a line item itself ("what were capital expenditures in 2018?") the statement that prints it.
 */
export function statementsNeeded(question: string): FinancialStatement[] {
  const needed = new Set(statementsAskedFor(question));
  const formula = metricFor(question)?.formulas[0];
  const items = formula ? itemsOf(formula) : lineItemsAsked(question);
  for (const item of items) needed.add(PRINTED_ON[item]);
  return [...needed];
}

/** How pages are keyed in the sets of answer-evidence.ts (judgedIrrelevant). */
export const pageKey = (p: { docId: string; pageNumber: number }) => `${p.docId}#${p.pageNumber}`;
const keyOf = pageKey;

/**
 * The pages to read after the evidence: each titled statement page and the next (a two-page statement titles only
 * its first), minus pages read or set aside (`skip`), at most `limit`, ranked after `read`, with no search step.
 */
export function statementWindow(
  titled: Array<{ docId: string; pageNumber: number }>,
  read: readonly PickedPage[],
  skip: ReadonlySet<string>,
  limit = STATEMENT_WINDOW_PAGES,
): PickedPage[] {
  const seen = new Set([...skip, ...read.map(keyOf)]);
  const rank = Math.max(-1, ...read.map((p) => p.rank)) + 1;
  const out: PickedPage[] = [];
  for (const page of titled) {
    for (const pageNumber of [page.pageNumber, page.pageNumber + 1]) {
      const ref = { docId: page.docId, pageNumber };
      if (out.length >= limit || seen.has(keyOf(ref))) continue;
      seen.add(keyOf(ref));
      out.push({ ...ref, step: null, rank: rank + out.length, score: 0 });
    }
  }
  return out;
}

/**
 * The statement pages a question about one document's statements reads after its evidence; none for a question
 * that needs no statement, a search over several documents, or a walk that answers from its chain only.
 */
export async function statementPagesToRead(
  repo: Pick<RetrieveRepository, 'namedStatementPages'>,
  question: string,
  search: SearchResult,
  read: readonly PickedPage[],
): Promise<PickedPage[]> {
  const docIds = [...new Set(read.map((p) => p.docId))];
  if (docIds.length !== 1 || CHAIN_ONLY.has(search.strategy)) return [];
  const statements = statementsNeeded(question);
  if (statements.length === 0) return [];
  const docId = docIds[0]!;
  const titled = await repo.namedStatementPages(docId, statements);
  const skip = judgedIrrelevant(search.steps);
  return statementWindow(
    titled.map((t) => ({ docId, pageNumber: t.pageNumber })),
    read,
    skip,
  );
}
