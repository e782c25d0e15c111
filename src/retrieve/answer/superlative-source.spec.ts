import { answerKindOf } from './answer-kind';
import { superlativeAsked, superlativeSource } from './superlative-source';
import { tablePage } from './testing/evidence-builders';

const PORTS = [
  ['Port', 'Cargo (Mt)', 'Berths', 'Growth %'],
  ['Kestrel Bay', '41.2', '18', '3.1'],
  ['Oban Sound', '58.9', '12', '-1.4'],
  ['Tarn Haven', '22.5', '25', '6.8'],
  ['Total', '122.6', '55', '2.5'],
];
const YEARS = [
  ['(In thousands)', '2019', '2020', '2021', '2022'],
  ['Visitors', '310', '120', '295', '305'],
  ['Exhibitions', '14', '9', '16', '15'],
];

const ask = (question: string, rows: string[][]) =>
  superlativeSource({ question, kind: answerKindOf(question), pages: [tablePage(3, rows)] });

describe('superlativeAsked', () => {
  it.each([
    ['Which port handled the most cargo?', 'max'],
    ['In which year were visitors lowest?', 'min'],
    ['Among the ports, which one has the fewest berths?', 'min'],
    ['How much cargo did the largest port handle?', null],
    ['What country has the lowest growth?', 'min'],
    ['What is the growth of the port with the most berths?', null],
    ['Which port has the most berths and which the fewest?', null],
  ])('%j → %s', (question, direction) => expect(superlativeAsked(question)).toBe(direction));
});

const SEGMENTS = [
  ['(In millions)', '2021', '2022', '2023'],
  ['Ferries', '410', '455', '470'],
  ['Freight', '620', '590', '700'],
  ['Tourism', '150', '240', '230'],
  ['Total', '1,180', '1,285', '1,400'],
];

describe('superlativeSource: change between two periods', () => {
  it('answers the row that rose the most between the two years the question names, citing both cells', () => {
    const found = ask('Which segment grew the most from 2021 to 2022?', SEGMENTS)!;
    expect(found.answer).toMatchObject({ kind: 'NAME', value: 'Tourism' });
    expect(found.answer.text).toContain('150 → 240 (+90)');
    expect(found.citations.map((c) => c.quote)).toEqual([
      expect.stringContaining('150'),
      expect.stringContaining('240'),
    ]);
    // the years in either order; a later pair of columns picks another winner; the total is no candidate
    expect(ask('Which segment increased most between 2023 and 2022?', SEGMENTS)?.answer.value).toBe('Freight');
  });

  it('ranks falls for "decreased the most" and the smallest rise for "the least increase"', () => {
    expect(ask('Which segment decreased the most from 2021 to 2022?', SEGMENTS)?.answer.value).toBe('Freight');
    expect(ask('Which segment had the least increase from 2022 to 2023?', SEGMENTS)?.answer.value).toBe(
      'Tourism',
    );
  });
});

describe('superlativeSource', () => {
  it('answers with the row whose value is the extreme of the column the question names, cited with its cell', () => {
    const found = ask('Which port handled the most cargo?', PORTS);
    expect(found?.answer).toMatchObject({ kind: 'NAME', value: 'Oban Sound' });
    expect(found?.citations[0]).toMatchObject({ pageNumber: 3, quote: expect.stringContaining('58.9') });
    // a total is no candidate, a negative growth is the lowest
    expect(ask('Which port had the lowest growth %?', PORTS)?.answer.value).toBe('Oban Sound');
    expect(ask('Which port has the most berths?', PORTS)?.answer.value).toBe('Tarn Haven');
  });

  it('answers with the column whose value is the extreme of the row the question names', () => {
    expect(ask('In which year were visitors lowest?', YEARS)?.answer.value).toBe('2020');
    expect(ask('Which year had the most exhibitions?', YEARS)?.answer.value).toBe('2021');
  });

  it('answers nothing on a tie, or when no line of the table is the one the question names', () => {
    const tied = YEARS.map((r, i) => (i === 2 ? ['Exhibitions', '14', '16', '16', '15'] : r));
    expect(ask('Which year had the most exhibitions?', tied)).toBeNull();
    // a period is the answer only to a question asking for one
    expect(ask('Which attraction had the most exhibitions?', YEARS)).toBeNull();
    expect(ask('Which port has the highest rainfall?', PORTS)).toBeNull();
  });
});
