// A metric averaged over several fiscal years ("the FY2018 - FY2020 3 year average of capex as a % of revenue"):
// the metric is computed for each year and the results averaged, as an analyst reads "N year average of X". An
// average inside a formula ("revenue / average total assets") is an input's average, not this.

const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5 };

/** "3 year average", "three-year average", "3-yr avg." */
const N_YEAR_AVERAGE = /\b(\d|two|three|four|five)[- ]?(?:fiscal[- ])?(?:years?|yrs?)[- ](?:average|avg)\b/i;

/** "average … between/from FY2018 and/to/- FY2020", "average of X over FY2018–FY2020" */
const AVERAGE_OVER_RANGE =
  /\baverage\b(?:\s+[^\s\d]+){0,6}?\s+(?:between|from|over|across|for)\s+(?:the\s+)?(?:(?:fiscal\s+)?years?\s+)?(?:FY\s?)?((?:19|20)\d\d)\s*(?:-|–|—|to|and|through)\s*(?:FY\s?)?((?:19|20)\d\d)\b/i;

/** A year range printed before the average ("FY2018 - FY2020 3 year average"). */
const RANGE = /(?:FY\s?)?((?:19|20)\d\d)\s*(?:-|–|—|to|through)\s*(?:FY\s?)?((?:19|20)\d\d)\b/i;

const span = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, k) => from + k);

/**
 * The fiscal years whose metric the question averages, earliest first, ending at `latest` (the latest year it
 * names); null when it asks for one year. A printed range must agree with "N year" when both are given.
 */
export function yearsAveraged(question: string, latest: number): number[] | null {
  const q = question.replace(/\s+/g, ' ');
  const counted = N_YEAR_AVERAGE.exec(q);
  if (counted) {
    const n = COUNT_WORDS[counted[1]!.toLowerCase()] ?? Number(counted[1]);
    const range = RANGE.exec(q);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (to - from + 1 !== n || to !== latest) return null;
    }
    return n >= 2 && n <= 5 ? span(latest - n + 1, latest) : null;
  }
  const over = AVERAGE_OVER_RANGE.exec(q);
  if (!over) return null;
  const [from, to] = [Number(over[1]), Number(over[2])];
  // two year-ends averaged are a balance's average (an input of turnover or returns), not a metric's
  if (to - from < 2 || to - from > 4 || to !== latest) return null;
  return span(from, to);
}
