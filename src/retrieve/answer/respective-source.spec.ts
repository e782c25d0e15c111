import { respectivePairs } from './number-choice';
import { respectiveSource } from './respective-source';
import { askerOf, elementsInOrder, evidencePage } from './testing/evidence-builders';
import { numbersIn } from './typed-value';
import type { EvidencePage } from './typed-answer';

const el = elementsInOrder('d');
const page = (pageNumber: number, step: number, texts: string[]): EvidencePage =>
  evidencePage(
    pageNumber,
    texts.map((t) => el(pageNumber, 'paragraph', t)),
    { step, score: 0.8 },
  );
const ask = askerOf(respectiveSource, 'NUMBER');
const pairsOf = (text: string) => respectivePairs(text, numbersIn(text));

const FREIGHT =
  'Freight costs were $81.2 million , $64.9 million and $58.0 million for the years ended June 30, 2023 , 2022 and 2021 , respectively.';

describe('respectivePairs', () => {
  it('pairs a series of values with the years after them, across the spaces a PDF puts before commas', () => {
    const pairs = pairsOf(FREIGHT);
    expect(pairs).toMatchObject({
      subject: 'Freight costs were',
      keys: ['2023', '2022', '2021'],
      byYear: true,
    });
    expect(pairs?.values.map((v) => v.value)).toEqual(['81.2', '64.9', '58']);
  });
  it('pairs values with named keys, without the words that open them', () => {
    const pairs = pairsOf('Net bookings grew 14% and 9% in the Nordic region and in Iberia, respectively.');
    expect(pairs).toMatchObject({ keys: ['Nordic region', 'Iberia'], byYear: false });
    expect(pairs?.values.map((v) => v.printed)).toEqual(['14%', '9%']);
  });
  it('finds no pairing without "respectively", or when the series differ in length or in unit', () => {
    expect(pairsOf('Freight costs were $81.2 million and $64.9 million in 2023 and 2022.')).toBeNull();
    expect(
      pairsOf('Costs were $4 million and 12% for the kiln, the press and the dryer, respectively.'),
    ).toBeNull();
    expect(
      pairsOf('Costs were $4 million and $3 million for the kiln, the press and the dryer, respectively.'),
    ).toBeNull();
  });
});

describe('respectiveSource', () => {
  const evidence = [
    page(12, 1, [
      'Interest expense for the year ended June 30, 2023 consists primarily of $17.5 million of interest on our notes.',
    ]),
    page(40, 2, ['Freight costs include carriers and warehousing. ' + FREIGHT]),
  ];

  it('answers with the value in the place of the year asked, with its unit and scale, cited to its sentence', () => {
    const found = ask(
      'What were the freight costs of the group in fiscal 2022? Answer in millions.',
      evidence,
    );
    expect(found?.answer).toMatchObject({ kind: 'NUMBER', value: '64.9', unit: 'USD', scale: 'millions' });
    expect(found?.answer.text).toBe('Freight costs (2022): $64.9 million [p. 40]');
    expect(found?.citations).toEqual([expect.objectContaining({ pageNumber: 40, step: 2, quote: FREIGHT })]);
    expect(found?.analysis).toContain('the value in the place of 2022');
  });
  it('answers for the named key the question asks about', () => {
    const growth = [
      page(5, 1, ['Net bookings grew 14% and 9% in the Nordic region and in Iberia, respectively.']),
    ];
    expect(
      ask('By what percentage did net bookings grow in Iberia?', growth, 'PERCENTAGE')?.answer,
    ).toMatchObject({
      value: '9',
      unit: '%',
      scale: null,
    });
  });
  it('does not answer when the sentence is about something else, the year is not paired, or no key is named', () => {
    expect(ask('What were the warehouse rents in 2022?', evidence)).toBeNull();
    expect(ask('What were the freight costs in 2019?', evidence)).toBeNull();
    expect(ask('What were the freight costs in 2022 and 2021?', evidence)).toBeNull();
    const growth = [
      page(5, 1, ['Net bookings grew 14% and 9% in the Nordic region and in Iberia, respectively.']),
    ];
    expect(ask('By what percentage did net bookings grow overall?', growth, 'PERCENTAGE')).toBeNull();
  });
  it('reads no value of another kind than the one asked', () => {
    expect(ask('What percentage were the freight costs in 2022?', evidence, 'PERCENTAGE')).toBeNull();
    expect(ask('How many freight costs were there in 2022?', evidence, 'COUNT')).toBeNull();
  });
});
