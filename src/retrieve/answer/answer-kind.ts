import { questionOpening } from '../answer-units';
import { alternativesOf } from './choice-source';
import type { AnswerKind, NumberScale } from './typed-answer';

// The kind of value a question asks for, read from its wording alone: the answer stages pick their value by it
// (a cell's number, a year, the items of a list) and a grader compares values of that kind.

const YES_NO_OPENING =
  /^\s*(?:is|are|does|do|did|was|were|can|could|has|have|had|will|would|should|shall|may|might|must)\b/i;
const ALTERNATIVES = /\b\w+\s+or\s+(?!not\b)\w+/i;

const COUNT =
  /\b(?:how many|(?<!(?:phone|telephone|fax|case|account|serial|part|contact|registration|reference|tracking|order|id) )number of (?!employees'? hours)|count (?:of|the)|in how many|total number)\b/i;
const PERCENTAGE =
  /\b(?:what|which) (?:percentage|percent|proportion|share|fraction)\b|\bpercent(?:age)?\b|%|\b(?:growth|tax|interest|return|turnover|churn|conversion|response|participation|unemployment|inflation) rate\b|\bmargin\b|\byear[- ]over[- ]year change\b/i;
const DATE =
  /^\s*when\b|\b(?:what|which|in which|in what) (?:year|date|month|day|quarter|decade)\b|\b(?:what|which) (?:is|was) the (?:last|latest|most recent|final|first|earliest|oldest) (?:year|date)\b|\bwhen (?:was|were|did|does|is|will)\b|\bwhat time\b/i;
/** "How many square miles", "how many USD", "how many hours": a measure asked in its unit, not a count of things. */
const MEASURE_ASKED =
  /\bhow many (?:more |fewer |less )?(?:(?:square|cubic) )?(?:(?:thousands|millions|billions) of )?(?:miles|kilometers|kilometres|km|meters|metres|feet|inches|yards|acres|hectares|dollars|usd|us\$|euros?|eur|pounds|gbp|yuan|yen|rupees|hours|minutes|seconds|days|weeks|months|years|kilograms|kg|grams|tons|tonnes|liters|litres|gallons|calories|degrees|watts|kilowatts|volts|percent|percentage points|centimeters|centimetres|cm|millimeters|millimetres|mm|mph|kph|km\/h|gb|mb|tb|ghz|mhz)\b/i;
/** Plural nouns that name an amount (a number question), not a set of things to list. */
const AMOUNT_NOUNS =
  'totals?|amounts?|numbers?|assets|liabilities|revenues|sales|earnings|expenses|costs|results|profits|losses|savings|proceeds|shares|dividends|percentages|rates|ratios|margins|units|hours|days|years|months|minutes|dollars|points';
const LIST = new RegExp(
  [
    String.raw`^\s*(?:please\s+)?(?:list|enumerate|name)\b`,
    String.raw`\b(?:list (?:all|the|of)|enumerate|name (?:all|the|every|each)|which (?:ones|of the \w+s)|in (?:a |the )?list format|as a list)\b`,
    // "What are the (four) main risks …": a plural the answer enumerates, unless it names an amount
    String.raw`\bwhat (?:are|were) (?:all )?the (?!(?:\w+ ){0,2}(?:${AMOUNT_NOUNS})\b)(?:\w+ ){0,2}\w+s\b`,
    // "Which (two) magazines are …", "What sensors does the rover carry?", "What kinds of …"
    String.raw`^\s*(?:[^?]*?,\s*)?(?:which|what) (?!(?:\w+ ){0,2}(?:${AMOUNT_NOUNS})\b)(?:[\w-]+ ){0,2}[\w-]*[^s\W']s (?:of [\w-]+ )?(?:do|does|did|are|were|have|has|can|could|will|would|appear|occur)\b`,
    String.raw`\bwhat (?:kinds|types|sorts|categories) of\b`,
  ].join('|'),
  'i',
);
const NAME =
  /^\s*who\b|\b(?:who|whom|whose)\b|\bwhich (?:company|companies|person|individual|country|city|state|team|organi[sz]ation|agency|party|university|brand|product|model|author|firm|bank|auditor|subsidiary|segment|department|region|language|tool|method|dataset)\b|\bwhat(?:'s| is| was| are| were) (?:the )?(?:[\w-]+ ){0,2}names?\b|\bname of\b/i;
const NUMBER =
  /\bwhat (?:\w+ )?(?:latency|speed|size|weight|height|length|duration|temperature|capacity|distance|population|budget|salary|fee|cost|price)\b|\b(?:how (?:much|long|old|often|large|big|high|far|tall|wide|heavy|fast)|what(?:'s| is| was| were| are) the (?:total|amount|value|cost|price|size|average|mean|median|sum|difference|gap|ratio|revenue|income|score|number|performance|population)|(?:total|sum|difference|average|ratio|revenue|revenues|sales|income|earnings|eps|cash|assets|liabilities|equity|expenses?|costs?|capex|capital expenditures?|debt|dividends?|profit|loss|ebitda|price|amount|value|score|accuracy|recall|precision|f1)\b)/i;
/** The question asks for its answer as a number: "answer in millions", "in float format", "give me an integer". */
const NUMBER_FORMAT =
  /\b(?:answer|write|give|return|express|report)\b[^.?]{0,40}\b(?:in|into|as|with) (?:(?:an? |the )?(?:int|integer|float|decimal|numeric|number)(?: format)?|(?:usd |us\$ |\$ )?(?:thousands?|millions?|billions?))\b|\b(?:give me|as|return me) an? (?:rounded )?(?:integer|float|number)\b|\bround (?:your |the )?(?:answer|result|value)? ?to\b/i;

/**
 * The question asks for several values in so many words: a list format ("write the answer in list format", "as a
 * list", "in the format of list"), "respectively" after a series, or "which two/three … ".
 */
const SEVERAL_ASKED =
  /\b(?:in|as|into) (?:a |the )?(?:format of (?:a )?)?list\b|\blist format\b|\bformat(?:ted)? (?:as|of|in) (?:a )?list\b|\band\b[^?]*\brespectively\b|^\s*(?:which|what) (?:(?:are|were) (?:the )?)?(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2}) [\w-]+/i;

/** The interrogative opens the question or a clause of it ("In 2015, among those, which one…"), not a relative clause. */
const INTERROGATIVE = /(?:^|[,;:?.]\s+|^(?:\w+\s+){0,2}?)(which|what)\s+((?:[\w'’-]+\s*){1,3})/i;
/** Words after "which"/"what" that ask for a quantity, a measure or a time, not for a thing. */
const QUANTITY_HEAD =
  /^(?:percentage|percent|proportion|share|fraction|number|amount|value|total|sum|ratio|rate|year|date|month|day|quarter|decade|time|price|cost|costs|size|age|level|score|average|mean|median|difference|increase|decrease|growth|margin|range|portion|count|height|length|width|depth|weight|speed|distance|temperature|page|pages|latency|recall|precision|accuracy|f1|revenue|revenues|income|sales|earnings|eps|cash|profit|loss|ebitda|capex|debt|dividend|dividends|expense|expenses|budget|salary|fee|fees|population|capacity|duration|area|volume|frequency|probability|interest|return|yield|turnover|assets|liabilities|equity|minimum|maximum)$/i;
/** A quantity word that heads a group of things ("age group", "price range" of products is still a range). */
const GROUP_NOUN = /^(?:group|groups|bracket|category|cohort|band|segment|class)$/i;
const VERB_OR_AUX =
  /^(?:is|are|was|were|be|does|do|did|has|have|had|can|could|will|would|should|shall|may|might|must|[’']s|happens?|happened|if|about|else|exactly|kind|type|sort)$/i;
/** A phone number, an address or a link is a string to copy, not a name. */
const CONTACT_HEAD = /^(?:phone|telephone|fax|e-?mail|url|web|website|link|address|postcode|zip)$/i;
/** "Where …", "what comes between/after/before …". */
const PLACE_OR_SEQUENCE =
  /^\s*where\b|\bwhat (?:comes|is|was|step|stage|phase)? ?(?:right |immediately |directly )?(?:between|after|before|next)\b/i;

/**
 * The question asks for one thing by its class ("which continent", "what type of court", "which one", "where",
 * "what comes after X"): a name or a short phrase, not the quantity its wording may also mention.
 */
export function asksForOneThing(question: string): boolean {
  if (PLACE_OR_SEQUENCE.test(question)) return true;
  const m = INTERROGATIVE.exec(question);
  if (!m) return false;
  const words = m[2]!.trim().split(/\s+/);
  const [first = '', second = ''] = words;
  if (/^(?:kind|type|sort|form)$/i.test(first) && /^of$/i.test(second)) return true;
  if (VERB_OR_AUX.test(first) || CONTACT_HEAD.test(first)) return false;
  if (QUANTITY_HEAD.test(first)) return GROUP_NOUN.test(second);
  return /^[\p{L}][\p{L}'’-]*$/u.test(first);
}

/** The expected answer kind of a question; TEXT when its wording names none. */
export function answerKindOf(question: string): AnswerKind {
  const q = question.replace(/\s+/g, ' ').trim();
  if (/\byes\W{0,2}\s+or\s+\W{0,2}no\b/i.test(q)) return 'YES_NO';
  // "Is revenue higher in 2021 or 2022?" chooses between the named things: the answer is one of them.
  if (YES_NO_OPENING.test(questionOpening(q))) return ALTERNATIVES.test(q) ? 'TEXT' : 'YES_NO';
  // "Which is larger, A or B?" names its answer among the alternatives
  if (alternativesOf(q)) return 'NAME';
  if (SEVERAL_ASKED.test(q)) return 'LIST';
  if (MEASURE_ASKED.test(q)) return /\bpercent/i.test(q) ? 'PERCENTAGE' : 'NUMBER';
  // "Which algorithm has the larger number of lines?" names the algorithm, not the number
  if (COUNT.test(q) && (/\bhow many\b/i.test(q) || !asksForOneThing(q))) return 'COUNT';
  // a number format asked for settles it, whatever the wording ("What are the lease costs? Answer in millions.")
  if (NUMBER_FORMAT.test(q) && !DATE.test(q)) return PERCENTAGE.test(q) ? 'PERCENTAGE' : 'NUMBER';
  if (LIST.test(q)) return 'LIST';
  if (DATE.test(q)) return 'DATE';
  // "Which age group saw the largest change in percentage?" names a group, whatever quantity decides it
  if (asksForOneThing(q)) return 'NAME';
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
