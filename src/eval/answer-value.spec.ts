import * as value from './answer-value';

const loose = { exact: false, relative: 0.01 };
const exact = { exact: true, relative: 0.01 };
/** Token F1 of two phrases' words. */
const f1 = (a: string, b: string) => value.tokenF1(value.words(a), value.words(b));
const num = (text: string) => {
  const n = value.parseNumber(text);
  if (n === null) throw new Error(`not a number: ${text}`);
  return n;
};

describe('parseNumber', () => {
  it('reads a whole number phrase with its sign, currency, scale, percent and precision', () => {
    expect(value.parseNumber('$1,234.50 million')).toEqual({
      value: 1234.5,
      scale: 1e6,
      scaleNamed: true,
      percent: false,
      currency: 'USD',
      decimals: 2,
    });
    expect(value.parseNumber('(2,040)')).toMatchObject({ value: -2040, decimals: 0 });
    expect(value.parseNumber('$(17.5)m')).toMatchObject({ value: -17.5, scale: 1e6, currency: 'USD' });
    expect(value.parseNumber('-0.8%')).toMatchObject({ value: -0.8, percent: true, decimals: 1 });
    expect(value.parseNumber('31 per cent')).toMatchObject({ value: 31, percent: true });
    expect(value.parseNumber('3.2bn euros')).toMatchObject({ value: 3.2, scale: 1e9, currency: 'EUR' });
    expect(value.parseNumber('9 charts.')).toMatchObject({ value: 9, scale: 1 });
    expect(value.parseNumber('Seven')).toMatchObject({ value: 7 });
    expect(value.parseNumber("['42']")).toMatchObject({ value: 42 });
    expect(value.parseNumber('1.9x')).toMatchObject({ value: 1.9, decimals: 1 });
  });

  it('refuses a sentence that only mentions a number', () => {
    expect(value.parseNumber('LLaMA- 2 (Meta, 2023) outperforms the rest')).toBeNull();
    expect(value.parseNumber('Table 3 lists 12 sites')).toBeNull();
    expect(value.parseNumber('2 of the 5 charts')).toBeNull();
    expect(value.parseNumber('one of them')).toBeNull();
    expect(value.parseNumber('2018-2019')).toBeNull();
    expect(value.parseNumber('3,5')).toBeNull();
    expect(value.parseNumber('5 m')).toMatchObject({ scale: 1 }); // metres, not millions: abbreviations only attached
  });
});

describe('numbersMatch', () => {
  it('compares after the scale: a reference in units and an answer in millions', () => {
    expect(value.numbersMatch(num('$2,500,000'), num('2.5 million'), loose)).toBe(true);
    expect(value.numbersMatch(num('2500'), num('$2.5 billion'), loose, 1e6)).toBe(true); // the question says "in millions"
    expect(value.numbersMatch(num('2.5'), num('2.5 million'), loose)).toBe(true); // the reference names no scale
    expect(value.numbersMatch(num('2.5 billion'), num('2.5 million'), loose)).toBe(false);
  });

  it('accepts the percent forms of one value, and nothing else', () => {
    expect(value.numbersMatch(num('25%'), num('0.25'), loose)).toBe(true); // the same proportion
    expect(value.numbersMatch(num('0.25'), num('25%'), loose)).toBe(true);
    expect(value.numbersMatch(num('16.7%'), num('16.7'), loose)).toBe(true); // the printed number of a percent question
    expect(value.numbersMatch(num('16.7%'), num('167'), loose)).toBe(false);
    expect(value.numbersMatch(num('16.7%'), num('0.0167'), loose)).toBe(false);
    expect(value.numbersMatch(num('16.7'), num('0.167'), loose)).toBe(false); // neither side says percent
  });

  it("tolerates the reference's rounding or 1 %, whichever is wider; counts are exact", () => {
    expect(value.numbersMatch(num('0.42'), num('0.4249'), loose)).toBe(true); // rounds to 0.42
    expect(value.numbersMatch(num('0.42'), num('0.43'), loose)).toBe(false);
    expect(value.numbersMatch(num('7.118'), num('7.12'), loose)).toBe(true); // within 1 %
    expect(value.numbersMatch(num('512.6'), num('520'), loose)).toBe(false);
    expect(value.numbersMatch(num('14'), num('14.0'), exact)).toBe(true);
    expect(value.numbersMatch(num('14'), num('15'), exact)).toBe(false);
    expect(value.numbersMatch(num('$40'), num('40 EUR'), loose)).toBe(false);
  });
});

describe('words, lists and verdicts', () => {
  it('counts words without case, accents, punctuation or articles', () => {
    expect(value.words('The Café-bar, 1,200 seats.')).toEqual(['cafe', 'bar', '1200', 'seats']);
    expect(f1('a quiet garden', 'quiet garden')).toBe(1);
    expect(f1('quiet garden', 'the garden is quiet and green')).toBeCloseTo(4 / 7); // 2 common: P 2/5, R 1
    expect(value.tokenF1([], [])).toBe(1);
  });

  it('counts a misspelt word of five or more letters as its word, never a number or a short word', () => {
    expect(f1('is the harbor safe', 'is the harbour safe')).toBe(1); // an inserted letter
    expect(f1('quiet gardne', 'quiet garden')).toBe(0.5); // two edits apart
    expect(f1('ferry 2019', 'ferry 2018')).toBe(0.5);
    expect(f1('red cat', 'red car')).toBe(0.5);
  });

  it('splits Python-style literals and written lists into items', () => {
    expect(value.listItems(`['red', "Ann's kite", 'blue']`)).toEqual(['red', "Ann's kite", 'blue']);
    expect(value.listItems('Oslo, Lima and Perth.')).toEqual(['Oslo', 'Lima', 'Perth']);
    expect(value.listItems('- tide tables\n- harbour maps')).toEqual(['tide tables', 'harbour maps']);
    expect(value.listItems('1,200 seats')).toEqual(['1,200 seats']);
  });

  it('reads yes/no verdicts and "Not answerable"', () => {
    expect(value.polarity('No, the margin narrowed to 4 %.')).toBe('No');
    expect(value.polarity('Yes: the ferry runs daily [p. 2]')).toBe('Yes');
    expect(value.polarity('None of the boats')).toBeNull();
    expect(value.polarity('Norway')).toBeNull();
    expect(value.saysNotAnswerable('Not answerable: no page names a harbour.')).toBe(true);
    expect(value.saysNotAnswerable('It is not answerable')).toBe(false);
    expect(value.questionScale('What was capex in FY2020 (in USD millions)?')).toBe(1e6);
    expect(value.questionScale('How many millions of riders used the line?')).toBe(1);
  });
});
