import type { AnswerElement } from '../extractive-answer';
import { countWord } from './number-words';
import { countedNoun, statedCountSource } from './stated-count';
import { askerOf, elementsInOrder, evidencePage } from './testing/evidence-builders';
import type { EvidencePage } from './typed-answer';

const el = elementsInOrder('d');
const page = (pageNumber: number, step: number, elements: AnswerElement[]): EvidencePage =>
  evidencePage(pageNumber, elements, { step, score: 0.8 });
const ask = askerOf(statedCountSource, 'COUNT');

describe('countWord', () => {
  it('reads counts in words and digits', () => {
    expect(countWord('nine')).toBe(9);
    expect(countWord('Twelve')).toBe(12);
    expect(countWord('twenty-one')).toBe(21);
    expect(countWord('forty')).toBe(40);
    expect(countWord('1,204')).toBe(1204);
    expect(countWord('ninety-ten')).toBeNull();
    expect(countWord('nineteenth')).toBeNull();
    expect(countWord('3.5')).toBeNull();
  });
});

describe('countedNoun', () => {
  it('reads the noun phrase a "how many" question counts', () => {
    expect(countedNoun('How many corpora are used in the evaluation?')).toMatchObject({
      printed: 'corpora',
      modifiers: [],
    });
    expect(countedNoun('How many pilot studies does the thesis report?')).toMatchObject({
      printed: 'studies',
      modifiers: ['pilot'],
    });
  });
  it('asks for no stated total when the question asks for a difference or a part', () => {
    expect(countedNoun('How many more kilns does plant A run than plant B?')).toBeNull();
    expect(countedNoun('How many of the kilns are not fired with gas?')).toBeNull();
    expect(countedNoun('What is the capacity of the kiln?')).toBeNull();
  });
});

describe('statedCountSource', () => {
  const evidence = [
    page(3, 1, [
      el(3, 'page-header', 'Glass survey 2024'),
      el(
        3,
        'paragraph',
        'The survey covered 3 regions. We evaluate the method on seven public corpora drawn from the archive.',
      ),
      el(3, 'caption', 'Table 6: Statistics of the corpora used.'),
    ]),
  ];

  it('answers with the number printed before the counted noun, in words or digits, cited with its sentence', () => {
    const found = ask('How many corpora are used to evaluate the method?', evidence);
    expect(found?.answer).toMatchObject({ kind: 'COUNT', value: '7', unit: 'corpora' });
    expect(found?.citations).toEqual([
      expect.objectContaining({
        pageNumber: 3,
        step: 1,
        quote: 'We evaluate the method on seven public corpora drawn from the archive.',
      }),
    ]);
  });

  it('prefers the sentence that prints the modifiers the question names', () => {
    const pages = [
      page(2, 1, [
        el(
          2,
          'paragraph',
          'The kiln study ran 4 trials in total. Of these, 2 pilot trials were run on the kiln in May.',
        ),
      ]),
    ];
    expect(ask('How many pilot trials were run on the kiln?', pages)?.answer.value).toBe('2');
  });

  it('reads no label ("Table 6"), no year and no count of a noun in a sentence about something else', () => {
    const pages = [
      page(1, 1, [
        el(1, 'paragraph', 'See Table 6 corpora notes. In 2019 corpora grew.'),
        el(1, 'paragraph', 'Our cafeteria serves 12 sandwiches daily.'),
        el(1, 'paragraph', 'It breached Regulation 13 corpora rules. Axis: 1 2 3 4 5 6 corpora'),
      ]),
    ];
    expect(ask('How many corpora are used to evaluate the method?', pages)).toBeNull();
    expect(ask('How many sandwiches are used to evaluate the method?', pages)).toBeNull();
    const clause = [page(1, 1, [el(1, 'paragraph', 'Clause 18 Harbour (Moorings) Clauses 2031 Berthing')])];
    expect(ask('How many clauses of the harbour code were breached?', clause)).toBeNull();
  });

  it('reads nothing for other kinds or for a difference', () => {
    expect(ask('How many corpora are used to evaluate the method?', evidence, 'NUMBER')).toBeNull();
    expect(ask('How many more corpora are used than regions?', evidence)).toBeNull();
  });
});
