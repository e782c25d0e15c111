import { normaliseLabel } from './table-numbers';

// The statement line items the metrics read and the cell lookup recognises, with the labels filings print them
// under. Labels are matched against a whole row label, normalised (lower case, punctuation dropped: "Accounts
// receivable, net" → "accounts receivable net"), so "Total current assets" never matches "Other current assets".

export const LINE_ITEMS = [
  'revenue',
  'costOfRevenue',
  'grossProfit',
  'operatingIncome',
  'netIncome',
  'interestExpense',
  'totalCurrentAssets',
  'totalCurrentLiabilities',
  'inventory',
  'accountsReceivable',
  'accountsPayable',
  'totalAssets',
  'totalLiabilities',
  'shareholdersEquity',
  'operatingCashFlow',
  'capitalExpenditure',
  'dividendsPaid',
  'weightedAverageShares',
  'dilutedWeightedAverageShares',
  'depreciationAndAmortization',
  'currentDebt',
  'longTermDebt',
] as const;
export type LineItem = (typeof LINE_ITEMS)[number];

export interface LineItemDefinition {
  /** How the formula names it: "total current assets". */
  name: string;
  /** Whole normalised row labels that print it, most specific first. */
  labels: RegExp[];
  /** How a question names it ("sales", "COGS"), matched on the normalised question. */
  asked: RegExp;
}

const EQUITY = String.raw`(?:share|stock)holders(?:'s)? (?:equity|investment)|equity`;

export const LINE_ITEM_DEFINITIONS: Record<LineItem, LineItemDefinition> = {
  revenue: {
    name: 'revenue',
    labels: [
      /^(?:total )?(?:net )?(?:revenues?|sales)(?: net)?$/,
      /^(?:total )?net sales and (?:other )?(?:operating )?revenues?$/,
      /^(?:total )?(?:net )?(?:operating )?revenues?$/,
      /^(?:total )?revenues? net$/,
    ],
    asked: /\b(?:net )?(?:revenues?|sales|turnover|top line)\b/,
  },
  costOfRevenue: {
    name: 'cost of revenue',
    labels: [
      /^(?:total )?cost of (?:goods sold|sales|revenues?|products sold|products and services sold)$/,
      /^costs? of (?:goods sold|sales|revenues?)(?: excluding depreciation(?: and amortization)?)?$/,
    ],
    asked: /\bcost of (?:goods sold|sales|revenues?)\b|\bcogs\b/,
  },
  grossProfit: {
    name: 'gross profit',
    labels: [/^gross (?:profit|margin)$/],
    asked: /\bgross (?:profit|margin)\b/,
  },
  operatingIncome: {
    name: 'operating income',
    labels: [
      /^(?:total )?operating (?:income|profit)(?: loss)?$/,
      /^(?:income|earnings|profit)(?: loss)? from operations$/,
      /^operating (?:income|earnings) loss$/,
    ],
    asked: /\boperating (?:income|profit|earnings)\b|\b(?:income|earnings) from operations\b|\bebit\b/,
  },
  netIncome: {
    name: 'net income',
    labels: [
      /^net (?:income|earnings|profit)(?: loss)?$/,
      /^net (?:income|earnings)(?: loss)? attributable to (?!noncontrolling).*$/,
    ],
    asked: /\bnet (?:income|earnings|profit)\b|\bbottom line\b/,
  },
  interestExpense: {
    name: 'interest expense',
    labels: [/^interest expense(?: net)?$/, /^interest and debt expense$/, /^interest expense net of .*$/],
    asked: /\binterest expenses?\b/,
  },
  totalCurrentAssets: {
    name: 'total current assets',
    labels: [/^total current assets$/],
    asked: /\b(?:total )?current assets\b/,
  },
  totalCurrentLiabilities: {
    name: 'total current liabilities',
    labels: [/^total current liabilities$/],
    asked: /\b(?:total )?current liabilities\b/,
  },
  inventory: {
    name: 'inventory',
    labels: [/^(?:merchandise )?inventor(?:y|ies)(?: net)?$/, /^inventor(?:y|ies) net of .*$/],
    asked: /\binventor(?:y|ies)\b/,
  },
  accountsReceivable: {
    name: 'accounts receivable',
    labels: [
      /^(?:trade )?accounts receivable(?: trade)?(?: net)?(?: of allowances?.*)?$/,
      /^(?:trade )?receivables(?: net)?$/,
      /^accounts (?:and notes )?receivable(?: net)?(?: less allowances?.*)?$/,
    ],
    asked: /\b(?:accounts |trade )?receivables?\b/,
  },
  accountsPayable: {
    name: 'accounts payable',
    labels: [/^(?:trade )?accounts payable(?: trade)?$/, /^trade (?:accounts )?payables?$/],
    asked: /\b(?:accounts |trade )payables?\b/,
  },
  totalAssets: {
    name: 'total assets',
    labels: [/^total assets$/],
    asked: /\btotal assets\b/,
  },
  totalLiabilities: {
    name: 'total liabilities',
    labels: [/^total liabilities$/],
    asked: /\btotal liabilities\b/,
  },
  shareholdersEquity: {
    name: "total shareholders' equity",
    labels: [
      new RegExp(String.raw`^total (?:${EQUITY})$`),
      new RegExp(String.raw`^total [a-z .&]+ (?:${EQUITY})$`),
      new RegExp(String.raw`^(?:${EQUITY})$`),
    ],
    asked: /\b(?:(?:share|stock)holders?s? )?equity\b/,
  },
  operatingCashFlow: {
    name: 'cash from operations',
    labels: [
      /^net cash (?:provided by|from|generated (?:by|from)|provided by used in|used in provided by) operating activities$/,
      /^cash (?:provided by|generated from|flows? from) operati(?:ng activities|ons)$/,
    ],
    asked: /\b(?:operating cash flows?|cash (?:flows? )?from operati(?:ons|ng activities))\b/,
  },
  capitalExpenditure: {
    name: 'capital expenditure',
    labels: [
      /^(?:purchases?|acquisitions?) of property(?: plant)? (?:and|&) equipment(?: net)?(?: pp&e| ppe)?$/,
      /^(?:purchases?|acquisitions?) of (?:land )?buildings? (?:and|&) equipment$/,
      /^(?:payments? for|purchases? of|additions to|investments? in) (?:property plant (?:and|&) equipment|property and equipment|fixed assets|plant and equipment|capital assets)$/,
      /^capital expenditures?(?: net of .*)?$/,
      /^purchases? of property equipment and (?:software|intangible assets)$/,
    ],
    asked: /\bcapital expenditures?\b|\bcapex\b|\bpurchases? of property(?: plant)? and equipment\b/,
  },
  dividendsPaid: {
    name: 'dividends paid',
    labels: [
      /^(?:cash )?dividends? paid(?: to (?:share|stock)holders)?$/,
      /^(?:payments? (?:of|for) )?(?:cash )?dividends?(?: paid)?(?: on common stock)?$/,
    ],
    asked: /\bdividends?\b/,
  },
  weightedAverageShares: {
    name: 'weighted-average shares outstanding (basic)',
    labels: [
      /^(?:weighted average )?(?:common )?shares(?: outstanding)?(?: used in computing earnings per share)? basic$/,
      /^basic$/,
    ],
    asked: /\bweighted average (?:number of )?(?:basic )?shares\b|\bshares outstanding\b/,
  },
  dilutedWeightedAverageShares: {
    name: 'weighted-average shares outstanding (diluted)',
    labels: [
      /^(?:weighted average )?(?:common )?shares(?: outstanding)?(?: used in computing earnings per share)? diluted$/,
      /^diluted$/,
    ],
    asked: /\bdiluted (?:weighted average )?shares\b/,
  },
  depreciationAndAmortization: {
    name: 'depreciation and amortization',
    labels: [
      /^depreciation(?: depletion)? (?:and|&) amortization(?: expense)?$/,
      /^depreciation (?:and|&) amortization of (?:property|plant|fixed assets|premises)\b.*$/,
      /^depreciation amortization and (?:depletion|other)$/,
    ],
    asked: /\bdepreciation (?:and|&) amortization\b|\bd ?& ?a\b/,
  },
  // the balance sheet's debt due within a year, under the names filers give it
  currentDebt: {
    name: 'debt due within one year',
    labels: [
      /^debt maturing within one year$/,
      /^(?:short term (?:debt|borrowings)|notes payable) and current (?:portion|maturities) of long term debt$/,
      /^current (?:portion|maturities) of long term (?:debt|borrowings)(?: and finance lease obligations)?$/,
      /^short term (?:debt|borrowings)$/,
    ],
    asked:
      /\bshort term (?:debt|borrowings)\b|\bcurrent (?:portion|maturities) of long term debt\b|\bdebt (?:maturing|due) within one year\b/,
  },
  longTermDebt: {
    name: 'long-term debt',
    labels: [
      /^long term (?:debt|borrowings)(?: net)?(?: (?:less|excluding|net of) current (?:portion|maturities))?$/,
      /^long term debt (?:and|&) (?:finance|capital) lease obligations(?: net)?$/,
      /^long term debt non ?current$/,
    ],
    asked: /\blong term (?:debt|borrowings)\b/,
  },
};

/** Whether a row label prints this line item; group labels ("Current liabilities") qualify "basic"/"diluted". */
export function labelPrints(item: LineItem, label: string, parent: string | null = null): boolean {
  const own = normaliseLabel(label);
  const labels = LINE_ITEM_DEFINITIONS[item].labels;
  if (labels.some((re) => re.test(own))) {
    // a bare "Basic" or "Diluted" row is a share count only under a group that says so
    return !/^(?:basic|diluted)$/.test(own) || /\bshares\b/.test(normaliseLabel(parent ?? ''));
  }
  return false;
}

/** Line items a cash-flow statement prints as outflows (negative) that a question or formula means by their size. */
export const OUTFLOW_ITEMS: ReadonlySet<LineItem> = new Set<LineItem>([
  'capitalExpenditure',
  'dividendsPaid',
]);

/** The line items a question names, in the order of LINE_ITEMS. */
export function lineItemsAsked(question: string): LineItem[] {
  const q = normaliseLabel(question);
  return LINE_ITEMS.filter((item) => LINE_ITEM_DEFINITIONS[item].asked.test(q));
}
