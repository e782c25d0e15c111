import type { AnswerKind, NumberScale } from './typed-answer';

// The kind of value a question asks for, read from its wording alone: the answer stages pick their value by it
// (a cell's number, a year, the items of a list) and a grader compares values of that kind.

const YES_NO_OPENING =
  /^\s*(?:is|are|does|do|did|was|were|can|could|has|have|had|will|would|should|shall|may|might|must)\b/i;
const ALTERNATIVES = /\b\w+\s+or\s+(?!not\b)\w+/i;
const COUNT = /\b(?:how many|number of (?!employees'? hours)|count (?:of|the)|in how many|total number)\b/i;
const PERCENTAGE =
  /\b(?:what|which) (?:percentage|percent|proportion|share|fraction)\b|\bpercent(?:age)?\b|%|\b(?:growth|tax|interest|return|turnover|churn|conversion|response|participation|unemployment|inflation) rate\b|\bmargin\b|\byear[- ]over[- ]year change\b/i;
const DATE =
  /^\s*when\b|\b(?:what|which|in which|in what) (?:year|date|month|day|quarter|decade)\b|\bwhen (?:was|were|did|does|is|will)\b|\bwhat time\b/i;
const LIST =
  /^\s*(?:please\s+)?(?:list|enumerate|name)\b|\b(?:list (?:all|the|of)|enumerate|name (?:all|the|every|each)|which (?:ones|of the \w+s)|what (?:are|were) (?:all )?the (?!(?:\w+ ){0,2}(?:total|amount|number|assets|liabilities|revenues|sales|earnings|expenses|costs|results)\b)(?:\w+ ){0,2}\w+s\b|in (?:a )?list format|as a list)\b/i;
const NAME =
  /^\s*who\b|\b(?:who|whom|whose)\b|\bwhich (?:company|companies|person|individual|country|city|state|team|organi[sz]ation|agency|party|university|brand|product|model|author|firm|bank|auditor|subsidiary|segment|department|region|language|tool|method|dataset)\b|\bwhat(?:'s| is| was| are| were) (?:the )?names?\b|\bname of\b/i;
const NUMBER =
  /\bwhat (?:\w+ )?(?:latency|speed|size|weight|height|length|duration|temperature|capacity|distance|population|budget|salary|fee|cost|price)\b|\b(?:how (?:much|long|old|often|large|big|high|far|tall|wide|heavy|fast)|what (?:is|was|were|are) the (?:total|amount|value|cost|price|size|average|mean|median|sum|difference|ratio|revenue|income|score|number)|(?:total|sum|difference|average|ratio|revenue|revenues|sales|income|earnings|eps|cash|assets|liabilities|equity|expenses?|costs?|capex|capital expenditures?|debt|dividends?|profit|loss|ebitda|price|amount|value|score|accuracy|recall|precision|f1)\b)/i;

/** The expected answer kind of a question; TEXT when its wording names none. */
export function answerKindOf(question: string): AnswerKind {
  const q = question.replace(/\s+/g, ' ').trim();
  if (/\byes or no\b/i.test(q)) return 'YES_NO';
  // "Is revenue higher in 2021 or 2022?" chooses between the named things: the answer is one of them.
  if (YES_NO_OPENING.test(q)) return ALTERNATIVES.test(q) ? 'TEXT' : 'YES_NO';
  if (COUNT.test(q)) return 'COUNT';
  if (LIST.test(q)) return 'LIST';
  if (DATE.test(q)) return 'DATE';
  if (PERCENTAGE.test(q)) return 'PERCENTAGE';
  if (NAME.test(q)) return 'NAME';
  if (NUMBER.test(q)) return 'NUMBER';
  return 'TEXT';
}

const SCALE_WORDS: Array<[RegExp, NumberScale]> = [
  [/\b(?:thousands?|000s|'000)\b/i, 'thousands'],
  [/\b(?:millions?|mn|mm)\b/i, 'millions'],
  [/\b(?:billions?|bn)\b/i, 'billions'],
];

/** The scale the question asks its number in ("in millions"), or null when it names none. */
export function askedScale(question: string): NumberScale | null {
  const m =
    /\b(?:in|as|into)\s+(?:(?:usd|us\$|\$|eur|gbp)\s+)?(thousands?|millions?|billions?|mn|bn)\b/i.exec(
      question,
    );
  if (!m) return null;
  return SCALE_WORDS.find(([re]) => re.test(m[1]!))?.[1] ?? null;
}

/** The decimal places the question asks for ("round to two decimal places", "to 2 d.p."), or null. */
export function askedDecimals(question: string): number | null {
  const words: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4 };
  const m =
    /\b(?:to|with|in)\s+(\d|zero|one|two|three|four)\s+(?:decimal(?:s| places?| points?)?|d\.?p\.?|digits after)/i.exec(
      question,
    );
  if (m) return /\d/.test(m[1]!) ? Number(m[1]) : (words[m[1]!.toLowerCase()] ?? null);
  if (/\b(?:nearest (?:whole|integer)|whole number|integer)\b/i.test(question)) return 0;
  return null;
}
