import type { AnswerElement } from '../extractive-answer';
import { type CandidateSource, citationAt, typedAnswer } from './typed-answer';

// "What is the latest year in the table?" asks for one of the table's own years: the years printed in the cells of
// the first table of the evidence that prints any, the last or the first of them as asked.

const EXTREME_YEAR = /\b(last|latest|most recent|final|first|earliest|oldest)\s+year\b/i;
const ASKS_OF_TABLE = /\b(?:tabl\w*|tabular|columns?|rows?)\b/i;
const YEAR = /(?<![\d.,$])(?:19|20)\d{2}(?![\d.,%])/g;

/** The years a table element prints, in order. */
const yearsIn = (element: AnswerElement) => (element.text.match(YEAR) ?? []).map(Number);

export const tableYearSource: CandidateSource = (evidence) => {
  const asked = EXTREME_YEAR.exec(evidence.question);
  if (evidence.kind !== 'DATE' || !asked || !ASKS_OF_TABLE.test(evidence.question)) return null;
  const earliest = /first|earliest|oldest/i.test(asked[1]!);
  const found = evidence.pages
    .flatMap((page) =>
      page.elements
        .filter((e) => e.kind === 'table')
        .map((table) => ({ page, table, years: yearsIn(table) })),
    )
    .find((t) => t.years.length > 0);
  if (!found) return null;
  const year = String(earliest ? Math.min(...found.years) : Math.max(...found.years));
  const { page, table } = found;
  return {
    answer: typedAnswer('DATE', `${year} [p. ${table.pageNumber}]`, { value: year }),
    citations: [citationAt(page, table, year)],
    analysis:
      `The ${earliest ? 'earliest' : 'latest'} of the years the table on p. ${table.pageNumber} prints ` +
      `(evidence step ${page.step}): ${[...new Set(found.years)].sort().join(', ')}.`,
  };
};
