import type { AnswerElement } from '../extractive-answer';
import { answerKindOf } from './answer-kind';
import { alternativesOf, choiceSource, offeredOptions, optionStated } from './choice-source';
import { evidencePage, textElement } from './testing/evidence-builders';
import type { AnswerEvidence } from './typed-answer';

let next = 0;
const element = (text: string, description: string | null = null): AnswerElement =>
  textElement(text, {
    pageNumber: 7,
    elementId: `e${++next}`,
    kind: description ? 'table' : 'paragraph',
    description,
  });

const evidence = (question: string, elements: AnswerElement[]): AnswerEvidence => ({
  question,
  kind: answerKindOf(question),
  pages: [evidencePage(7, elements, { docId: 'd', step: 1 })],
});

/** The question the plan-price cases ask of one paragraph. */
const CHEAPER_PLAN = 'Which of the two plans, the basic tier or the family tier, costs less per month?';
const chooseCheaperPlan = (prices: AnswerElement) => choiceSource(evidence(CHEAPER_PLAN, [prices]));

describe('alternativesOf', () => {
  it('reads the two alternatives and the way they are compared', () => {
    expect(alternativesOf('Which port handled more cargo in 2020, Rotterdam or Antwerp?')).toEqual({
      options: ['Rotterdam', 'Antwerp'],
      direction: 'max',
      rest: 'Which port handled more cargo in 2020',
    });
    expect(alternativesOf(CHEAPER_PLAN)).toMatchObject({
      options: ['basic tier', 'family tier'],
      direction: 'min',
    });
  });

  it('reads no choice without two alternatives or without a comparison', () => {
    expect(alternativesOf('Which port handled more cargo in 2020?')).toBeNull();
    expect(alternativesOf('Which city hosts the head office, Lyon or Nantes?')).toBeNull();
  });

  it('makes a choice question ask for a NAME', () => {
    expect(answerKindOf('Which was larger in 2021, the retail segment or the wholesale segment?')).toBe(
      'NAME',
    );
  });
});

describe('offeredOptions', () => {
  it('reads the options a question offers without comparing them', () => {
    expect(offeredOptions("Which side holds the fuse box? Answer 'left' or 'right'.")).toEqual([
      'left',
      'right',
    ]);
    expect(offeredOptions('Is the filter on the inlet or outlet side?')).toEqual(['inlet', 'outlet']);
    expect(offeredOptions("Is the pump serviceable? Answer 'yes' or 'no'.")).toBeNull();
  });

  it('takes the option a text states, and none when it states both', () => {
    expect(optionStated(['inlet', 'outlet'], 'The filter sits on the outlet side.')).toBe('outlet');
    expect(optionStated(['inlet', 'outlet'], 'Filters sit on the inlet and the outlet.')).toBeNull();
  });
});

describe('choiceSource', () => {
  it('chooses the alternative whose table row holds the greater value, citing both cells', () => {
    const table = element(
      'Cargo handled (million tonnes)',
      '| Port | 2019 | 2020 |\n|---|---|---|\n| Rotterdam | 469 | 436 |\n| Antwerp | 238 | 231 |',
    );
    const found = choiceSource(
      evidence('Which port handled more cargo in 2020, Rotterdam or Antwerp?', [table]),
    );
    expect(found?.answer).toMatchObject({ kind: 'NAME', value: 'Rotterdam', formula: '436 > 231' });
    expect(found?.citations.map((c) => c.quote)).toEqual(['Rotterdam | 2020: 436', 'Antwerp | 2020: 231']);
  });

  it('chooses the smaller value when the question asks which is less, from sentences', () => {
    const prices = element('The basic tier costs $9 per month. The family tier costs $15 per month.');
    const found = chooseCheaperPlan(prices);
    expect(found?.answer.value).toBe('basic tier');
    for (const c of found!.citations) expect(prices.text).toContain(c.quote);
  });

  it('chooses nothing when the evidence gives a value for one alternative only', () => {
    const prices = element('The basic tier costs $9 per month. A family plan is planned for next year.');
    expect(chooseCheaperPlan(prices)).toBeNull();
  });

  it('chooses nothing when both values are equal', () => {
    const prices = element('The basic tier costs $9 per month and the family tier costs $9 per month too.');
    expect(chooseCheaperPlan(prices)).toBeNull();
  });
});
