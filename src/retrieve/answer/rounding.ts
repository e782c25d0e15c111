// How a question asks a computed value to be rounded and shown ("round to two decimal places", "to the nearest
// tenth", "in percent"). Pure functions.

const WORD_DECIMALS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4 };

/** The decimal places the question asks for; null when it says nothing of rounding. */
export function decimalsAsked(question: string): number | null {
  const q = question.toLowerCase();
  const places = /\b(zero|one|two|three|four|\d)\s+decimal(?:\s+places?|\s+points?|s)?\b/.exec(q);
  if (places) return WORD_DECIMALS[places[1]!] ?? Number(places[1]);
  if (/\bnearest (?:hundredth|cent)\b/.test(q)) return 2;
  if (/\bnearest tenth\b/.test(q)) return 1;
  if (/\bnearest thousandth\b/.test(q)) return 3;
  if (
    /\b(?:nearest (?:whole|integer|percent(?:age point)?|dollar|day)|whole (?:number|percent(?:age)?))\b/.test(
      q,
    )
  )
    return 0;
  return null;
}

/** The question wants the value as a percentage ("in percent", "as a percentage", "%"). */
export function percentAsked(question: string): boolean {
  return /\b(?:in|as an?|expressed as an?) (?:percent(?:age)?|%)|%|\bpercent(?:age)?\b/i.test(question);
}

/** Rounds half away from zero, without binary drift (2.675 → 2.68). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const shifted = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(shifted)) / factor;
}
