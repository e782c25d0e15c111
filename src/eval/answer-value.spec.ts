import {
  listItems,
  numbersMatch,
  parseNumber,
  polarity,
  questionScale,
  saysNotAnswerable,
  tokenF1,
  words,
} from './answer-value';

const loose = { exact: false, relative: 0.01 };
const exact = { exact: true, relative: 0.01 };
const num = (text: string) => {
  const n = parseNumber(text);
  if (n === null) throw new Error(`not a number: ${text}`);
  return n;
};

describe('parseNumber', () => {
  it('reads a whole number phrase with its sign, currency, scale, percent and precision', () => {
    expect(parseNumber('$1,234.50 million')).toEqual({
      value: 1234.5,
      scale: 1e6,
      scaleNamed: true,
      percent: false,
      currency: 'USD',
      decimals: 2,
    });
    expect(parseNumber('(2,040)')).toMatchObject({ value: -2040, decimals: 0 });
    expect(parseNumber('$(17.5)m')).toMatchObject({ value: -17.5, scale: 1e6, currency: 'USD' });
    expect(parseNumber('-0.8%')).toMatchObject({ value: -0.8, percent: true, decimals: 1 });
    expect(parseNumber('31 per cent')).toMatchObject({ value: 31, percent: true });
    expect(parseNumber('3.2bn euros')).toMatchObject({ value: 3.2, scale: 1e9, currency: 'EUR' });
    expect(parseNumber('9 charts.')).toMatchObject({ value: 9, scale: 1 });
    expect(parseNumber('Seven')).toMatchObject({ value: 7 });
    expect(parseNumber("['42']")).toMatchObject({ value: 42 });
    expect(parseNumber('1.9x')).toMatchObject({ value: 1.9, decimals: 1 });
  });

  it('refuses a sentence that only mentions a number', () => {
    expect(parseNumber('LLaMA- 2 (Meta, 2023) outperforms the rest')).toBeNull();
    expect(parseNumber('Table 3 lists 12 sites')).toBeNull();
    expect(parseNumber('2 of the 5 charts')).toBeNull();
    expect(parseNumber('one of them')).toBeNull();
    expect(parseNumber('2018-2019')).toBeNull();
    expect(parseNumber('3,5')).toBeNull();
    expect(parseNumber('5 m')).toMatchObject({ scale: 1 }); // metres, not millions: abbreviations only attached
  });
});

describe('numbersMatch', () => {
  it('compares after the scale: a reference in units and an answer in millions', () => {
    expect(numbersMatch(num('$2,500,000'), num('2.5 million'), loose)).toBe(true);
    expect(numbersMatch(num('2500'), num('$2.5 billion'), loose, 1e6)).toBe(true); // the question says "in millions"
    expect(numbersMatch(num('2.5'), num('2.5 million'), loose)).toBe(true); // the reference names no scale
    expect(numbersMatch(num('2.5 billion'), num('2.5 million'), loose)).toBe(false);
  });

  it('accepts the percent forms of one value, and nothing else', () => {
    expect(numbersMatch(num('25%'), num('0.25'), loose)).toBe(true); // the same proportion
    expect(numbersMatch(num('0.25'), num('25%'), loose)).toBe(true);
    expect(numbersMatch(num('16.7%'), num('16.7'), loose)).toBe(true); // the printed number of a percent question
    expect(numbersMatch(num('16.7%'), num('167'), loose)).toBe(false);
    expect(numbersMatch(num('16.7%'), num('0.0167'), loose)).toBe(false);
    expect(numbersMatch(num('16.7'), num('0.167'), loose)).toBe(false); // neither side says percent
  });

  it("tolerates the reference's rounding or 1 %, whichever is wider; counts are exact", () => {
    expect(numbersMatch(num('0.42'), num('0.4249'), loose)).toBe(true); // rounds to 0.42
    expect(numbersMatch(num('0.42'), num('0.43'), loose)).toBe(false);
    expect(numbersMatch(num('7.118'), num('7.12'), loose)).toBe(true); // within 1 %
    expect(numbersMatch(num('512.6'), num('520'), loose)).toBe(false);
    expect(numbersMatch(num('14'), num('14.0'), exact)).toBe(true);
    expect(numbersMatch(num('14'), num('15'), exact)).toBe(false);
    expect(numbersMatch(num('$40'), num('40 EUR'), loose)).toBe(false);
  });
});

describe('words, lists and verdicts', () => {
  it('counts words without case, accents, punctuation or articles', () => {
    expect(words('The Café-bar, 1,200 seats.')).toEqual(['cafe', 'bar', '1200', 'seats']);
    expect(tokenF1(words('a quiet garden'), words('quiet garden'))).toBe(1);
    expect(tokenF1(words('quiet garden'), words('the garden is quiet and green'))).toBeCloseTo(4 / 7); // 2 common: P 2/5, R 1
    expect(tokenF1([], [])).toBe(1);
  });

  it('counts a misspelt word of five or more letters as its word, never a number or a short word', () => {
    expect(tokenF1(words('is the harbor safe'), words('is the harbour safe'))).toBe(1); // an inserted letter
    expect(tokenF1(words('quiet gardne'), words('quiet garden'))).toBe(0.5); // two edits apart
    expect(tokenF1(words('ferry 2019'), words('ferry 2018'))).toBe(0.5);
    expect(tokenF1(words('red cat'), words('red car'))).toBe(0.5);
  });

  it('splits Python-style literals and written lists into items', () => {
    expect(listItems(`['red', "Ann's kite", 'blue']`)).toEqual(['red', "Ann's kite", 'blue']);
    expect(listItems('Oslo, Lima and Perth.')).toEqual(['Oslo', 'Lima', 'Perth']);
    expect(listItems('- tide tables\n- harbour maps')).toEqual(['tide tables', 'harbour maps']);
    expect(listItems('1,200 seats')).toEqual(['1,200 seats']);
  });

  it('reads yes/no verdicts and "Not answerable"', () => {
    expect(polarity('No, the margin narrowed to 4 %.')).toBe('No');
    expect(polarity('Yes: the ferry runs daily [p. 2]')).toBe('Yes');
    expect(polarity('None of the boats')).toBeNull();
    expect(polarity('Norway')).toBeNull();
    expect(saysNotAnswerable('Not answerable: no page names a harbour.')).toBe(true);
    expect(saysNotAnswerable('It is not answerable')).toBe(false);
    expect(questionScale('What was capex in FY2020 (in USD millions)?')).toBe(1e6);
    expect(questionScale('How many millions of riders used the line?')).toBe(1);
  });
});
