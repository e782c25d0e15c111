import { yearsAsked } from './evidence-tables';

// Questions answered by arithmetic on two values the evidence prints: "how much higher is A than B", "the gap
// between A and B", "the change in X from 2020 to 2021", "the sum of A and B", "A as a share of B". Reads what
// the two values are (the two sides, or one line item in two years) and the operation; pure.

export type TwoValueOp = 'minus' | 'plus' | 'divide';

export interface TwoValueAsk {
  op: TwoValueOp;
  /** The words that name each value, in the order the arithmetic takes them (first − second, first / second). */
  sides: [string, string] | null;
  /** One line item in two periods, earlier first: the change is later − earlier. */
  years: [number, number] | null;
  /** A difference with no direction asked ("the gap between"): its size. */
  absolute: boolean;
  /** The change is asked as a percentage of the earlier value ("by what percentage did X grow from … to …"). */
  relative: boolean;
  /** A ratio asked as a percentage ("as a share of"). */
  percent: boolean;
  /** The sentence of the question that asks it (a long question may hold several). */
  subject: string;
  /** How the answer names the operation: "difference", "sum", "share", "change". */
  name: string;
}

const MORE = /\bhow (?:much|many)\s+(more|less|fewer|higher|lower|greater|larger|smaller|bigger)\b/i;
const THAN =
  /\b(?:than|compared (?:to|with)|comparing (?:to|with)|in comparison (?:to|with)|versus|vs\.?|relative to)\b/i;
const BETWEEN = /\b(?:difference|gap)\b[^?]*?\bbetween\s+(.+?)\s+and\s+(.+?)(?:[?.]|$)/i;
const SUM = /\b(?:sum|total)\s+of\s+(?:the\s+)?(.+?)\s+(?:and|plus)\s+(.+?)(?:[?.]|$)/i;
const SHARE =
  /^(?:what (?:is|was|were) )?(?:the )?(.+?)\s+as an?\s+(share|percentage|proportion|fraction|percent|ratio)\s+of\s+(.+?)(?:[?.]|$)/i;
const RATIO = /\bratio of\s+(.+?)\s+to\s+(.+?)(?:[?.]|$)/i;
/** "the advertising expense to sales ratio": the sides before "ratio", the question's opening dropped. */
const TO_RATIO = /^(?:what (?:is|was|were) )?(?:the )?(?:\S+['’]s )?(.+?)\s+to\s+(.+?)\s+ratio\b/i;
const CHANGE =
  /\b(?:change|changed|increase|increased|decrease|decreased|grow|grew|growth|rise|rose|fall|fell|decline|declined|drop|dropped)\b/i;
const PERIODS =
  /\b(?:from|between)\s+(?:fy\s?)?((?:19|20)\d\d)\s+(?:to|and|until)\s+(?:fy\s?)?((?:19|20)\d\d)\b/i;
const RELATIVE = /\bpercent(?:age)?\b(?! points?)|%|\bgrowth rate\b|\brate of (?:growth|change)\b/i;

const ask = (op: TwoValueOp, name: string, rest: Partial<TwoValueAsk>): TwoValueAsk => ({
  op,
  name,
  sides: null,
  years: null,
  absolute: false,
  relative: false,
  percent: false,
  subject: '',
  ...rest,
});

/** The two values a question asks to combine and how; null when it asks for no such arithmetic. */
export function twoValueAsked(question: string): TwoValueAsk | null {
  // a question that defines its own formula asks for that formula, not for two printed values
  if (/\b(?:is|are) defined as\b|\bdefined as\b/i.test(question)) return null;
  const sentences = question
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[?.!])\s+(?=\p{Lu})/u);
  for (const sentence of sentences) {
    const found = askedIn(sentence);
    if (found) return { ...found, subject: sentence };
  }
  return null;
}

function askedIn(q: string): TwoValueAsk | null {
  const more = MORE.exec(q);
  if (more) {
    const after = q.slice(more.index + more[0].length);
    const than = THAN.exec(after);
    if (than) {
      const first = after.slice(0, than.index).trim();
      const second = after
        .slice(than.index + than[0].length)
        .replace(/[?.]\s*$/, '')
        .trim();
      // "how much lower is A than B" is B − A: the answer is the size of the gap in the direction asked
      const lower = /^(?:less|fewer|lower|smaller)$/i.test(more[1]!);
      const sides: [string, string] = lower ? [second, first] : [first, second];
      if (first && second) return ask('minus', 'difference', { sides });
    }
  }
  const between = BETWEEN.exec(q);
  if (between) return ask('minus', 'difference', { sides: [between[1]!, between[2]!], absolute: true });
  const periods = PERIODS.exec(q);
  if (periods && CHANGE.test(q)) {
    const [a, b] = [Number(periods[1]), Number(periods[2])].sort((x, y) => x - y) as [number, number];
    if (a !== b) return ask('minus', 'change', { years: [a, b], relative: RELATIVE.test(q) });
  }
  const sum = SUM.exec(q);
  if (sum) return ask('plus', 'sum', { sides: [sum[1]!, sum[2]!] });
  const share = SHARE.exec(q);
  if (share) {
    const percent = share[2]!.toLowerCase() !== 'ratio';
    return ask('divide', percent ? 'share' : 'ratio', { sides: [share[1]!, share[3]!], percent });
  }
  const ratio = RATIO.exec(q);
  if (ratio) return ask('divide', 'ratio', { sides: [ratio[1]!, ratio[2]!] });
  const toRatio = TO_RATIO.exec(q);
  if (toRatio) return ask('divide', 'ratio', { sides: [toRatio[1]!, toRatio[2]!] });
  return null;
}

/** The years a question names besides a two-period change (the column both values sit in). */
export function yearNamed(question: string): number | null {
  const years = yearsAsked(question);
  return years.length === 1 ? years[0]! : null;
}

/** The arithmetic a two-value question asks of its values (first, second); null when it would divide by zero. */
export function combineTwo(
  asked: TwoValueAsk,
  a: number,
  b: number,
): { value: number; sign: string; percent: boolean } | null {
  if (asked.op === 'plus') return { value: a + b, sign: '+', percent: false };
  if (asked.op === 'divide' || asked.relative) {
    if (b === 0) return null;
    const percent = asked.percent || asked.relative;
    return { value: ((asked.relative ? a - b : a) / b) * (percent ? 100 : 1), sign: '/', percent };
  }
  return { value: asked.absolute ? Math.abs(a - b) : a - b, sign: '−', percent: false };
}
