import type { TypedAnswer } from '../retrieve/answer/typed-answer';
import type { AnswerToGrade } from './answer-grader';
import { LlmAnswerGrader } from './answer-grader';
import { LlmService } from '../llm/llm.service';
import type { FolioConfig } from '../config/folio-config';
import {
  itemOverlap,
  referenceShape,
  sentenceAnswer,
  StrictAnswerGrader,
  strictGrade,
} from './strict-grader';

const ask = (over: Partial<AnswerToGrade> & { goldAnswer: string; answer: string }): AnswerToGrade => ({
  question: 'A question written for this test',
  goldFormat: null,
  answerable: true,
  ...over,
});
const typed = (over: Partial<TypedAnswer>): TypedAnswer => ({ ...sentenceAnswer(''), ...over });
const verdict = (item: AnswerToGrade) => strictGrade(item).verdict;
const lenient = new LlmAnswerGrader(new LlmService({ llm: null } as FolioConfig));

describe('strictGrade: the cases that fool a containment match', () => {
  // Each reference is held inside the answer, so the lenient grader passes it; the strict one wants the reference
  // to be the answer, says why not, and passes the same reference given alone.
  it.each([
    {
      what: 'a short reference must be the answer, not a number inside a sentence',
      reference: { goldAnswer: '3', goldFormat: 'Int' },
      answer: 'Claude- 3 (Anthropic, 2024) leads the table of open models [p. 4]',
      why: /^strict: the answer is not a number/,
      right: ['3 [p. 4]', '3 models'],
    },
    {
      what: 'a list of titles is not answered by a sentence that holds their numbers',
      reference: { goldAnswer: "['Figure 2', 'Figure 5']", goldFormat: 'List' },
      answer: 'Figure 2 and Figure 5 report the 2 and 5 year yields of the bond fund [p. 9]',
      why: /^strict: items P 0\.33 R 0\.50/,
      right: ['Figure 5, Figure 2'],
    },
    {
      what: 'a word reference inside a long extracted sentence is wrong by token F1',
      reference: { goldAnswer: 'Rotterdam', goldFormat: 'Str' },
      answer: 'The company moved its main warehouse from Antwerp to Rotterdam in the spring of that year.',
      why: /^strict: token F1 0\.13/,
      right: ['Rotterdam [p. 7]'],
    },
  ])('$what', async ({ reference, answer, why, right }) => {
    const item = ask({ ...reference, answer });
    expect((await lenient.grade(item)).verdict).toBe('correct'); // what the old grader said
    expect(strictGrade(item)).toEqual({ verdict: 'wrong', reason: expect.stringMatching(why) });
    for (const given of right)
      expect([given, verdict({ ...item, answer: given })]).toEqual([given, 'correct']);
  });
});

describe('strictGrade: numbers', () => {
  it('equal after the scale the question asks for and the unit the answer carries', () => {
    const question = 'What were the fleet costs in FY2019 (in USD millions)?';
    const reference = { question, goldAnswer: '$2410.00' };
    const inMillions = typed({
      text: 'Fleet costs were $2,410 million',
      kind: 'NUMBER',
      value: '2410',
      unit: 'USD',
      scale: 'millions',
    });
    expect(verdict(ask({ ...reference, answer: inMillions.text, typed: inMillions }))).toBe('correct');
    const inUnits = typed({
      text: '$2.41 billion',
      kind: 'NUMBER',
      value: '2410000000',
      unit: 'USD',
      scale: 'units',
    });
    expect(verdict(ask({ ...reference, answer: inUnits.text, typed: inUnits }))).toBe('correct');
    const otherCurrency = { ...inMillions, unit: 'EUR' };
    expect(verdict(ask({ ...reference, answer: 'x', typed: otherCurrency }))).toBe('wrong');
    const inThousands = { ...inMillions, scale: 'thousands' as const };
    expect(verdict(ask({ ...reference, answer: 'x', typed: inThousands }))).toBe('wrong');
  });

  it('percent forms and the rounding of the reference', () => {
    const pct = typed({ text: 'The margin was 0.124', kind: 'PERCENTAGE', value: '12.4', unit: '%' });
    expect(verdict(ask({ goldAnswer: '12.4%', goldFormat: 'Float', answer: pct.text, typed: pct }))).toBe(
      'correct',
    );
    expect(verdict(ask({ goldAnswer: '0.124', goldFormat: 'Float', answer: pct.text, typed: pct }))).toBe(
      'correct',
    );
    expect(verdict(ask({ goldAnswer: '12.4%', goldFormat: 'Float', answer: '0.124' }))).toBe('correct');
    expect(verdict(ask({ goldAnswer: '1.37', answer: '1.3712' }))).toBe('correct');
    expect(verdict(ask({ goldAnswer: '1.37', answer: '1.40' }))).toBe('wrong');
  });

  it('a count or a year is exact, even outside an Int row', () => {
    expect(verdict(ask({ goldAnswer: '1987', goldFormat: 'Str', answer: '1988' }))).toBe('wrong');
    expect(verdict(ask({ goldAnswer: '1987', goldFormat: 'Str', answer: '1987' }))).toBe('correct');
    expect(verdict(ask({ goldAnswer: '40', goldFormat: 'Float', answer: '40.3' }))).toBe('correct');
    expect(verdict(ask({ goldAnswer: '40', goldFormat: 'Int', answer: '40.3' }))).toBe('wrong');
  });

  it('the only item of a typed list is its value; one of several items is a hedge', () => {
    const one = typed({ kind: 'LIST', items: ['14'] });
    const several = typed({ kind: 'LIST', items: ['9', '14', '21'] });
    expect(verdict(ask({ goldAnswer: '14', goldFormat: 'Int', answer: 'x', typed: one }))).toBe('correct');
    expect(verdict(ask({ goldAnswer: '14', goldFormat: 'Int', answer: 'x', typed: several }))).toBe(
      'partial',
    );
  });
});

describe('strictGrade: lists, strings, yes/no and Not answerable', () => {
  it('lists by item overlap: correct at F1 ≥ 0.9, partial from 0.5', () => {
    const reference = { goldAnswer: "['kayak', 'canoe', 'dinghy']", goldFormat: 'List' };
    expect(verdict(ask({ ...reference, answer: 'Canoe; kayak; dinghy.' }))).toBe('correct');
    expect(verdict(ask({ ...reference, answer: 'kayak and canoe' }))).toBe('partial'); // F1 0.8
    expect(verdict(ask({ ...reference, answer: 'kayak, canoe, dinghy, raft' }))).toBe('partial'); // F1 0.86
    expect(verdict(ask({ ...reference, answer: 'sailboat' }))).toBe('wrong');
    const items = typed({ kind: 'LIST', items: ['dinghy', 'canoe', 'kayak'], text: 'three boats' });
    expect(verdict(ask({ ...reference, answer: items.text, typed: items }))).toBe('correct');
    expect(itemOverlap(['10', 'b'], ['10.0', 'c'])).toEqual({ p: 0.5, r: 0.5, f1: 0.5 });
  });

  it('strings by token F1 of the value: correct at 0.8, partial from 0.5', () => {
    const reference = { goldAnswer: 'a quiet reading room', goldFormat: 'Str' };
    expect(verdict(ask({ ...reference, answer: 'Quiet reading room' }))).toBe('correct');
    expect(verdict(ask({ ...reference, answer: 'quiet room' }))).toBe('correct'); // F1 0.8, the threshold
    expect(verdict(ask({ ...reference, answer: 'room' }))).toBe('partial'); // F1 0.5
    expect(verdict(ask({ ...reference, answer: 'the cafeteria' }))).toBe('wrong');
    expect(
      verdict(
        ask({ goldAnswer: "['desk@harbour.example']", goldFormat: 'Str', answer: 'desk@harbour.example' }),
      ),
    ).toBe('correct');
  });

  it('yes/no by the verdict the answer opens with', () => {
    const reference = { goldAnswer: 'No, the current ratio fell below one in 2021.' };
    expect(
      verdict(ask({ ...reference, answer: 'No: current liabilities exceed current assets [p. 3]' })),
    ).toBe('correct');
    expect(verdict(ask({ ...reference, answer: 'Yes: the ratio is 1.2' }))).toBe('wrong');
    expect(verdict(ask({ ...reference, answer: 'The current ratio was 0.9' }))).toBe('wrong');
    const yes = typed({ kind: 'YES_NO', value: 'Yes', text: 'Yes, the pier reopened.' });
    expect(verdict(ask({ goldAnswer: 'Yes', goldFormat: 'Str', answer: yes.text, typed: yes }))).toBe(
      'correct',
    );
  });

  it('"Not answerable" only matches "Not answerable"', () => {
    const none = { goldAnswer: 'Not answerable', goldFormat: 'None', answerable: false };
    expect(verdict(ask({ ...none, answer: 'Not answerable' }))).toBe('correct');
    expect(verdict(ask({ ...none, answer: 'Not answerable: no page mentions a ferry.' }))).toBe('correct');
    expect(verdict(ask({ ...none, answer: 'The document is not answerable about ferries' }))).toBe('wrong');
    expect(verdict(ask({ ...none, answer: '0' }))).toBe('wrong');
    expect(verdict(ask({ goldAnswer: '0', goldFormat: 'Int', answer: 'Not answerable' }))).toBe('wrong');
  });

  it('counts a refusal right only when the reference is "Not answerable", never for a reference that says no', () => {
    const refused = typed({ kind: 'YES_NO', text: 'Not answerable', value: null });
    for (const [goldAnswer, goldFormat] of [
      ['No', 'Str'],
      ['None', 'Str'],
      ['No', null],
      ['0', 'Int'],
      ['[]', 'List'],
    ] as const) {
      expect([
        goldAnswer,
        verdict(ask({ goldAnswer, goldFormat, answer: refused.text, typed: refused })),
      ]).toEqual([goldAnswer, 'wrong']);
    }
    // the reference decides, with the gold flag: a refusal of an unanswerable question is right in either form
    expect(verdict(ask({ goldAnswer: 'Not answerable', goldFormat: null, answer: 'Not answerable' }))).toBe(
      'correct',
    );
    expect(
      verdict(ask({ goldAnswer: 'Not answerable', goldFormat: 'None', answerable: false, answer: 'No' })),
    ).toBe('wrong');
  });
});

describe('referenceShape', () => {
  it('reads the format of MMLongBench-Doc rows and the form of rows without one', () => {
    expect(referenceShape('Int', '12', true)).toMatchObject({ kind: 'number', exact: true });
    expect(referenceShape('Float', '12', true)).toMatchObject({ kind: 'number', exact: false });
    expect(referenceShape('List', "['a', 'b']", true)).toEqual({ kind: 'list', items: ['a', 'b'] });
    expect(referenceShape('None', 'Not answerable', false)).toEqual({ kind: 'not-answerable' });
    expect(referenceShape(null, '$512.40', true)).toMatchObject({ kind: 'number', exact: false });
    expect(referenceShape(null, 'Yes. Margins widened.', true)).toEqual({ kind: 'yes-no', polarity: 'Yes' });
    expect(referenceShape(null, 'The harbour authority', true)).toEqual({
      kind: 'string',
      text: 'The harbour authority',
    });
  });

  it('is the grader behind StrictAnswerGrader', async () => {
    const grader = new StrictAnswerGrader();
    expect(grader.name).toMatch(/^strict/);
    await expect(grader.grade(ask({ goldAnswer: '5', answer: '5' }))).resolves.toMatchObject({
      verdict: 'correct',
    });
  });
});
