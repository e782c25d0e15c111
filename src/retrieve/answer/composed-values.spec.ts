import { composedValuesSource } from './composed-values';
import { elementsInOrder, evidencePage, KITE_INCOME, statementPages } from './testing/evidence-builders';
import type { AnswerEvidence, EvidencePage } from './typed-answer';

const el = elementsInOrder('kite');
// A note's sentence and an income statement of a kite maker, written for these tests.
const NOTE = evidencePage(
  40,
  [
    el(
      40,
      'paragraph',
      'Freight costs were $12.5 million, $10.0 million and $9.1 million for the years ended March 31, 2024, 2023 and 2022, respectively.',
    ),
  ],
  { step: 1, score: 0.8 },
);
const STATEMENT = statementPages('kite')(19, KITE_INCOME);

const ask = (question: string, pages: EvidencePage[] = [NOTE, STATEMENT]) =>
  composedValuesSource({ question, kind: 'NUMBER', pages } satisfies AnswerEvidence);

describe('composedValuesSource', () => {
  it("divides a note's stated amount by a statement's cell, both in units, and cites both", () => {
    const found = ask(
      'What was the freight cost to revenue ratio in FY2024? Round to three decimal places.',
    )!;
    // 12,500,000 / 96,000,000
    expect(found.answer).toMatchObject({ value: '0.13', kind: 'NUMBER', unit: null });
    expect(found.answer.formula).toBe(
      '0.130 = 12,500,000 / 96,000,000 (freight cost, p. 40 / revenue, p. 19)',
    );
    expect(found.citations.map((c) => c.pageNumber)).toEqual([40, 19]);
  });

  it('takes the difference the same way: 7,400 thousand − 12.5 million', () => {
    expect(ask('How much higher was operating income than freight costs in FY2024?')?.answer.value).toBe(
      '-5100000',
    );
  });

  it('answers nothing when a side is not printed, or when one value would be read for both sides', () => {
    expect(ask('What was the freight cost to revenue ratio in FY2024?', [NOTE])).toBeNull();
    expect(ask('What was the freight cost to freight costs ratio in FY2024?')).toBeNull();
  });
});
