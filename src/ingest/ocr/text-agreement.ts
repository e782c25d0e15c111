// How well OCR reproduced a page's text, measured against the born-digital text layer of the same page.
// Character-bigram F1 rather than edit distance: OCR reads lines in its own reading order (columns, sidebars),
// and an order-sensitive metric would count that as errors although every word was read right.

/** NFKC, lower case, whitespace runs collapsed to one space (so a missed space costs a little, not a line). */
export function normalizeForAgreement(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function bigramCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < text.length; i++) {
    const bigram = text.slice(i, i + 2);
    counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
  }
  return counts;
}

export interface TextAgreement {
  /** Share of the reference's bigrams that the OCR text has (multiset intersection). */
  recall: number;
  /** Share of the OCR text's bigrams that the reference has. */
  precision: number;
  f1: number;
}

/** Character-bigram precision/recall/F1 of `read` against `reference`, both normalised first. */
export function characterBigramAgreement(reference: string, read: string): TextAgreement {
  const expected = bigramCounts(normalizeForAgreement(reference));
  const found = bigramCounts(normalizeForAgreement(read));
  let expectedTotal = 0;
  let foundTotal = 0;
  let common = 0;
  for (const count of expected.values()) expectedTotal += count;
  for (const [bigram, count] of found) {
    foundTotal += count;
    common += Math.min(count, expected.get(bigram) ?? 0);
  }
  if (expectedTotal === 0 && foundTotal === 0) return { recall: 1, precision: 1, f1: 1 };
  const recall = expectedTotal === 0 ? 0 : common / expectedTotal;
  const precision = foundTotal === 0 ? 0 : common / foundTotal;
  const f1 = recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
  return { recall, precision, f1 };
}
