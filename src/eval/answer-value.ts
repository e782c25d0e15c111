// How the strict grader reads a reference or an answer as a value: a number with its scale, unit and precision, a
// yes/no, a list of items, or words. Written apart from the answerer's own text handling, so that the grader does
// not share the answerer's blind spots.

/** A number as printed, with what surrounds it: "$1.2 million" → value 1.2, scale 1e6, currency USD, 1 decimal. */
export interface NumberValue {
  /** The printed number, sign applied ("(1,234)" → -1234), before scale and percent. */
  value: number;
  /** A scale word's multiplier ("million" → 1e6); 1 when the phrase names none. */
  scale: number;
  /** The phrase (or the typed answer) states its scale, "units" included; else the question's scale applies. */
  scaleNamed: boolean;
  percent: boolean;
  /** USD, EUR, GBP, JPY when a currency is named; null otherwise. */
  currency: string | null;
  /** Digits printed after the decimal point: the precision the number was rounded to. */
  decimals: number;
}

const SCALES: Record<string, number> = {
  thousand: 1e3,
  thousands: 1e3,
  million: 1e6,
  millions: 1e6,
  billion: 1e9,
  billions: 1e9,
  trillion: 1e12,
  trillions: 1e12,
};
/** Abbreviations count only attached to the number ("$5m", "3.2bn"): "5 m" may be metres. */
const ATTACHED_SCALES: Record<string, number> = {
  k: 1e3,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  b: 1e9,
  bn: 1e9,
  tn: 1e12,
};
const CURRENCY_SIGNS: Array<[string, string]> = [
  ['us$', 'USD'],
  ['usd', 'USD'],
  ['$', 'USD'],
  ['eur', 'EUR'],
  ['€', 'EUR'],
  ['gbp', 'GBP'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
];
const CURRENCY_WORDS: Record<string, string> = {
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  gbp: 'GBP',
  pounds: 'GBP',
};
const NUMBER_WORDS = [
  'zero one two three four five six seven eight nine ten',
  'eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty',
]
  .join(' ')
  .split(' ');
const MINUS = /^[-−–]/;
/** Words that make "4 of the 10" or "one of them" a sentence about a number rather than a number. */
const LINKING_WORDS = new Set(
  'of the a an in on at to for and or is was are were by with from than that which'.split(' '),
);
/** Words that may follow a number and say what it counts ("12 pages", "3 times", "1.7x"); at most this many. */
const MAX_UNIT_WORDS = 3;

/** The text with a trailing full stop, surrounding quotes and one-item list brackets removed. */
function bare(text: string): string {
  let s = text
    .trim()
    .replace(/[.。]+$/, '')
    .trim();
  const oneItem = /^\[\s*(['"])(.*)\1\s*\]$/s.exec(s);
  if (oneItem) s = oneItem[2]!.trim();
  const quoted = /^(['"“])(.*)(['"”])$/s.exec(s);
  if (quoted) s = quoted[2]!.trim();
  return s;
}

/**
 * The whole text read as one number phrase — optional sign, currency and accounting parentheses, the number, then
 * optional %, scale word and up to three unit words — or null when the text says anything else. "GPT-4 (2023)" is
 * not a number; "4 figures", "$(1,234) million" and "16.7%" are.
 */
export function parseNumber(text: string): NumberValue | null {
  let s = bare(text).toLowerCase();
  let negative = false;
  let parenthesised = false;
  let currency: string | null = null;
  for (let progress = true; progress;) {
    progress = false;
    s = s.trimStart();
    if (MINUS.test(s)) [negative, s, progress] = [!negative, s.slice(1), true];
    else if (s.startsWith('(')) [parenthesised, s, progress] = [true, s.slice(1), true];
    else {
      const sign = CURRENCY_SIGNS.find(([p]) => s.startsWith(p));
      if (sign && currency === null) [currency, s, progress] = [sign[1], s.slice(sign[0].length), true];
    }
  }
  const digits = /^(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?/.exec(s);
  let value: number;
  let decimals = 0;
  if (digits && digits[0] !== '') {
    value = Number(`${(digits[1] ?? '0').replace(/,/g, '')}${digits[2] ?? ''}`);
    decimals = digits[2] ? digits[2].length - 1 : 0;
    s = s.slice(digits[0].length);
  } else {
    const word = /^[a-z]+/.exec(s)?.[0] ?? '';
    const index = NUMBER_WORDS.indexOf(word);
    if (index < 0) return null;
    value = index;
    s = s.slice(word.length);
  }
  let scale = 1;
  const attachedScale = () => {
    const attached = /^([a-z]+)\b/.exec(s)?.[1];
    if (scale !== 1 || attached === undefined || ATTACHED_SCALES[attached] === undefined) return;
    scale = ATTACHED_SCALES[attached];
    s = s.slice(attached.length);
  };
  attachedScale();
  if (parenthesised) {
    if (!s.trimStart().startsWith(')')) return null;
    s = s.trimStart().slice(1);
    negative = !negative;
    attachedScale();
  }
  let percent = false;
  const words = s.replace(/%/g, ' % ').split(/\s+/).filter(Boolean);
  let unitWords = 0;
  for (const [i, word] of words.entries()) {
    if (word === '%' || word === 'percent' || (word === 'per' && words[i + 1] === 'cent')) percent = true;
    else if (word === 'cent' && words[i - 1] === 'per') continue;
    else if (SCALES[word] !== undefined && scale === 1) scale = SCALES[word];
    else if (CURRENCY_WORDS[word] !== undefined) currency ??= CURRENCY_WORDS[word];
    else if (/^[a-z][a-z-]*$/.test(word) && !LINKING_WORDS.has(word) && ++unitWords <= MAX_UNIT_WORDS)
      continue;
    else return null;
  }
  const scaleNamed = scale !== 1;
  return { value: negative ? -value : value, scale, scaleNamed, percent, currency, decimals };
}

/** "in millions", "in USD thousands", "($ in billions)": the scale a question asks its numbers in; 1 when none. */
export function questionScale(question: string): number {
  const m = /\b(?:in|usd|us\$|\$)\s*(?:usd\s+|us\$\s*|\$\s*)?(thousands|millions|billions)\b/i.exec(question);
  return m ? SCALES[m[1]!.toLowerCase()]! : 1;
}

/** A number rule: exact (counts, years) or within the reference's rounding and a relative tolerance. */
export interface NumberRule {
  exact: boolean;
  /** Relative tolerance for non-exact numbers. */
  relative: number;
}

/** Whether the answer states the reference's number, after scale, currency and percent forms. */
export function numbersMatch(
  reference: NumberValue,
  answer: NumberValue,
  rule: NumberRule,
  impliedScale = 1,
): boolean {
  if (reference.currency && answer.currency && reference.currency !== answer.currency) return false;
  const refScale = reference.scaleNamed ? reference.scale : impliedScale;
  const ansScale = answer.scaleNamed ? answer.scale : impliedScale;
  const fraction = (n: NumberValue) => (n.percent ? 0.01 : 1);
  // pairs of (reference multiplier, answer in the same space): base units, then the printed numbers
  const spaces: Array<[number, number]> = [
    [refScale * fraction(reference), answer.value * ansScale * fraction(answer)],
  ];
  // a reference that names no scale, in a question that names none, is read as printed ("1.2" vs "1.2 million")
  if (!reference.scaleNamed && impliedScale === 1) spaces.push([1, answer.value]);
  // one side in percent, the other not: "16.7%" and 16.7 print the same number
  if (reference.percent !== answer.percent) spaces.push([refScale, answer.value * ansScale]);
  return spaces.some(([multiplier, candidate]) => {
    const target = reference.value * multiplier;
    if (rule.exact) return Math.abs(candidate - target) <= 1e-9 * Math.max(1, Math.abs(target));
    const rounding = 0.5 * 10 ** -reference.decimals * Math.abs(multiplier);
    const tolerance = Math.max(rounding, rule.relative * Math.abs(target));
    return Math.abs(candidate - target) <= tolerance * (1 + 1e-9);
  });
}

/** Lower-cased words and numbers without accents, punctuation or articles: what token F1 counts. */
export function words(text: string): string[] {
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const tokens = plain.match(/[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu) ?? [];
  return tokens
    .map((t) => (/^\d[\d,]*(\.\d+)?$/.test(t) ? t.replace(/,/g, '') : t))
    .filter((t) => !ARTICLES.has(t));
}
const ARTICLES = new Set(['a', 'an', 'the']);

/** Words of five or more letters one edit apart ("service", "servife") are one word misspelt; numbers never are. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5 || Math.abs(a.length - b.length) > 1) return false;
  if (!/^\p{L}+$/u.test(a) || !/^\p{L}+$/u.test(b)) return false;
  return withinOneEdit(a, b);
}

function withinOneEdit(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const tail = (x: string, y: string) => x.slice(i + 1) === y.slice(i + (x.length === y.length ? 1 : 0));
  return a.length >= b.length ? tail(a, b) : tail(b, a);
}

/** SQuAD-style token F1 of two word multisets (1 when both are empty), a misspelt word counting as its word. */
export function tokenF1(reference: string[], candidate: string[]): number {
  if (reference.length === 0 && candidate.length === 0) return 1;
  const left = [...reference];
  let common = 0;
  for (const t of candidate) {
    const at = left.includes(t) ? left.indexOf(t) : left.findIndex((r) => sameWord(r, t));
    if (at < 0) continue;
    common += 1;
    left.splice(at, 1);
  }
  if (common === 0) return 0;
  const precision = common / candidate.length;
  const recall = common / reference.length;
  return (2 * precision * recall) / (precision + recall);
}

/** "Yes"/"No" when the text opens with one ("No, the ratio fell…", "Yes: …"); null otherwise. */
export function polarity(text: string): 'Yes' | 'No' | null {
  const m = /^\s*(yes|no)\b(?![-'’])/i.exec(bare(text));
  if (!m) return null;
  return m[1]!.toLowerCase() === 'yes' ? 'Yes' : 'No';
}

/** Whether the text says the question cannot be answered ("Not answerable", "Not answerable: no page …"). */
export function saysNotAnswerable(text: string): boolean {
  return /^\s*not\s+answerable\b/i.test(text);
}

/**
 * The items of a list: a Python-style literal ("['a', \"b's\"]") item by item, else the text split at line breaks,
 * bullets, semicolons, ", " and a final "and" ("Paris, London and Rome").
 */
export function listItems(text: string): string[] {
  const s = text.trim();
  if (s.startsWith('[') && s.endsWith(']')) {
    const inner = s.slice(1, -1);
    const quoted = [...inner.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map(
      (m) => m[1] ?? m[2] ?? '',
    );
    const items = quoted.length > 0 ? quoted : inner.split(',');
    return items.map((i) => i.trim()).filter(Boolean);
  }
  return s
    .split(/\n|;|•|,\s+|\s+and\s+|\s+&\s+/)
    .map((i) =>
      i
        .replace(/^\s*(?:and|[-*·]|\d+[.)])\s+/i, '')
        .replace(/[.]+$/, '')
        .trim(),
    )
    .filter(Boolean);
}
