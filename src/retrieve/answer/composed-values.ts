import { decimalsAsked, roundTo } from './rounding';
import { respectiveSource } from './respective-source';
import { tableCellSource } from './table-cell-source';
import { formatAmount, SCALE_FACTOR } from './table-numbers';
import { combineTwo, twoValueAsked, yearNamed } from './two-value-question';
import { type AnswerCandidate, type AnswerEvidence, type CandidateSource, typedAnswer } from './typed-answer';

// Two-value arithmetic whose values are printed apart: "the advertising expense to sales ratio" where the expense
// is stated in a note's sentence and revenue in the income statement. Each side is read as its own question by
// the single-value readers, brought to one scale, then combined; the formula cites both. Two cells of one table
// are the table arithmetic's (difference-source.ts), tried first.

/** The readers a side is asked of, in the answer's own priority order. */
const SIDE_READERS: CandidateSource[] = [respectiveSource, tableCellSource];

interface Side {
  name: string;
  found: AnswerCandidate;
  /** In units, whatever scale it was printed in. */
  value: number;
}

function readSide(evidence: AnswerEvidence, name: string, year: number | null): Side | null {
  const question = `What was the ${name}${year === null ? '' : ` in ${year}`}?`;
  for (const read of SIDE_READERS) {
    const found = read({ ...evidence, question, kind: 'NUMBER' });
    const value = Number(found?.answer.value);
    if (found && found.answer.value !== null && Number.isFinite(value)) {
      return { name, found, value: value * SCALE_FACTOR[found.answer.scale ?? 'units'] };
    }
  }
  return null;
}

const cited = (side: Side) => side.found.citations.map((c) => `p. ${c.pageNumber}`).join(', ');

export const composedValuesSource: CandidateSource = (evidence) => {
  if (evidence.kind !== 'NUMBER' && evidence.kind !== 'PERCENTAGE') return null;
  const asked = twoValueAsked(evidence.question);
  if (!asked?.sides || asked.relative) return null;
  const year = yearNamed(evidence.question);
  const [a, b] = asked.sides.map((name) => readSide(evidence, name, year));
  if (!a || !b) return null;
  // one value read for both sides answers neither
  const key = (s: Side) => s.found.citations.map((c) => `${c.elementId}:${c.quote}`).join('|');
  if (key(a) === key(b)) return null;
  const [unitA, unitB] = [a.found.answer.unit, b.found.answer.unit];
  if (unitA !== unitB && unitA !== null && unitB !== null) return null;
  const combined = combineTwo(asked, a.value, b.value);
  if (!combined) return null;
  const { value: raw, sign } = combined;
  const ratio = asked.op === 'divide';
  const decimals = decimalsAsked(evidence.question) ?? (ratio ? 2 : 0);
  const value = roundTo(raw, decimals);
  const shown = `${formatAmount(value, decimals).replace(/^\((.*)\)$/, '-$1')}${asked.percent ? '%' : ''}`;
  const numbers = `${formatAmount(a.value)} ${sign} ${formatAmount(b.value)}${asked.percent ? ' × 100' : ''}`;
  const formula = `${shown} = ${numbers} (${a.name}, ${cited(a)} ${sign} ${b.name}, ${cited(b)})`;
  const citations = [...a.found.citations, ...b.found.citations];
  const pages = [...new Set(citations.map((c) => c.pageNumber))].join(', ');
  return {
    answer: typedAnswer(
      asked.percent ? 'PERCENTAGE' : 'NUMBER',
      `The ${asked.name} is ${shown}: ${formula} [p. ${pages}]`,
      {
        value: String(value),
        unit: asked.percent ? '%' : ratio ? null : (unitA ?? unitB),
        scale: 'units',
        formula,
      },
    ),
    citations,
    analysis:
      `Computed the ${asked.name} of two values read apart, each as its own question: ` +
      `"${a.name}" (${a.found.analysis}) and "${b.name}" (${b.found.analysis}); both brought to units first.`,
  };
};
