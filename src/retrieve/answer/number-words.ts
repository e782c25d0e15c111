// Numbers written in words, read by the count and list answers alike.

const SMALL: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** A number written in words ("nine", "twenty-one") or digits ("12", "1,204"); null for anything else. */
export function countWord(word: string): number | null {
  const w = word.toLowerCase();
  if (/^\d{1,3}(?:,\d{3})*$|^\d+$/.test(w)) return Number(w.replace(/,/g, ''));
  if (w in SMALL) return SMALL[w]!;
  const [tens = '', unit] = w.split('-');
  if (!(tens in TENS)) return null;
  if (unit === undefined) return TENS[tens]!;
  return unit in SMALL && SMALL[unit]! < 10 && SMALL[unit]! > 0 ? TENS[tens]! + SMALL[unit]! : null;
}
