import { numbersIn, pickDate, pickName, pickNumber, readValue } from './typed-value';

describe('numbersIn', () => {
  it('reads currency, separators, parentheses as negatives, percent and scale words', () => {
    expect(numbersIn('Net loss was ($1,234.5) million, down 12.5% from 2021.')).toEqual([
      expect.objectContaining({ value: '-1234.5', unit: 'USD', scale: 'millions' }),
      expect.objectContaining({ value: '12.5', unit: '%', scale: null }),
      expect.objectContaining({ value: '2021', isYear: true }),
    ]);
  });

  it('skips page, table and quarter references', () => {
    expect(numbersIn('See Table 4 on p. 12 for Q3.').map((n) => n.value)).toEqual([]);
  });

  it('skips the day of a date, a list item number and a numbered rule, not values', () => {
    expect(numbersIn('For the year ended December 31, 2015 costs rose.').map((n) => n.value)).toEqual([
      '2015',
    ]);
    expect(numbersIn('3. Harbour Point\n4. Mill Creek').map((n) => n.value)).toEqual([]);
    expect(numbersIn('It breached paragraph 47 and Regulation 12 twice.').map((n) => n.value)).toEqual([]);
  });

  it('skips an item marker inside a sentence ("1) …, 2) …"), not a value closed by a parenthesis', () => {
    const text = 'The archive 1) keeps 40 reels and 2) lends them out (at most 3) each week.';
    expect(numbersIn(text).map((n) => n.value)).toEqual(['40', '3']);
  });

  it('reads a "%" after a space on an amount in the thousands as the next label, not a percentage', () => {
    expect(numbersIn('Capacity 980,000 % Area Rezoned 18.4%').map((n) => [n.value, n.unit])).toEqual([
      ['980000', null],
      ['18.4', '%'],
    ]);
  });

  it('skips digits that are part of a name, an id, a range or a footnote mark, not a value', () => {
    const text = 'Figure 9-1 shows the 8051AH board (COVID-19 era, filed 09/13/18), as the survey said.”18';
    expect(numbersIn(text).map((n) => n.value)).toEqual([]);
    expect(numbersIn('It weighs 4.5 kg (about 10%), i.e. $3.20.').map((n) => n.value)).toEqual([
      '4.5',
      '10',
      '3.2',
    ]);
  });
});

describe('pickNumber', () => {
  it('takes the number nearest the question words, not the year the question names', () => {
    const text = 'In 2022 the plant employed 420 people and produced 1,850 tonnes of steel.';
    expect(pickNumber('NUMBER', text, 'How much steel did the plant produce in 2022?')).toEqual({
      value: '1850',
      unit: null,
      scale: 'units',
      printed: '1,850',
    });
  });

  it('takes no count of another plural noun for the one the question counts', () => {
    const question = 'How many interviews does the study quote?';
    expect(pickNumber('COUNT', 'The panel of 2,596 respondents was asked twice.', question)).toBeNull();
    expect(pickNumber('COUNT', 'The study quotes 14 recorded interviews.', question)).toEqual(
      expect.objectContaining({ value: '14' }),
    );
    expect(pickNumber('COUNT', 'It quotes 14 interviews with 9 farmers.', question)).toEqual(
      expect.objectContaining({ value: '14' }),
    );
  });

  it('takes no number the question names as its page or figure', () => {
    const question = 'How many pumps does the figure on page 12 show?';
    expect(pickNumber('COUNT', 'Plant overview 12 Pumping station', question)).toBeNull();
    expect(pickNumber('COUNT', 'Page 12 shows 4 pumps.', question)).toEqual(
      expect.objectContaining({ value: '4' }),
    );
  });

  it("keeps the table's scale when the cell prints none", () => {
    expect(
      pickNumber('NUMBER', 'Total revenue, 2023: $4,210', 'What was total revenue in 2023?', 'millions'),
    ).toEqual(expect.objectContaining({ value: '4210', unit: 'USD', scale: 'millions' }));
  });

  it('wants a percentage for a percentage question and finds none in a sentence without one', () => {
    expect(
      pickNumber('PERCENTAGE', 'Trains carried 61 % of commuters.', 'What share of commuters took trains?'),
    ).toEqual(expect.objectContaining({ value: '61', unit: '%' }));
    expect(pickNumber('PERCENTAGE', 'Trains carried 4,000 commuters.', 'What share took trains?')).toBeNull();
  });

  it('reads the number the question words sit around, not the first of the sentence', () => {
    const text = 'About 48% of leaners said they voted, compared with 59% of party members.';
    expect(pickNumber('PERCENTAGE', text, 'What share of party members voted?')).toEqual(
      expect.objectContaining({ value: '59', unit: '%' }),
    );
  });

  it('prefers the number followed by the thing the question measures, over a footnote mark', () => {
    const text =
      'Settlers called it fertile in 1882.”18 The county covers roughly 538 square miles of prairie.';
    expect(pickNumber('COUNT', text, 'How many square miles does the county cover?')).toEqual(
      expect.objectContaining({ value: '538' }),
    );
  });

  it('reads the value in the place of the year asked from "…, respectively"', () => {
    const text =
      'Licence fees were $12.4 million, $10.1 million and $9.8 million for the years ended 2019, 2018 and 2017, respectively.';
    expect(pickNumber('NUMBER', text, 'What were licence fees in 2018?')).toEqual(
      expect.objectContaining({ value: '10.1', unit: 'USD', scale: 'millions' }),
    );
  });

  it('counts only whole numbers that are neither percentages nor money', () => {
    const text = 'Each of the 3 sensors costs $8.71 and adds 12.5% weight.';
    expect(pickNumber('COUNT', text, 'How many sensors does the kit have?')).toEqual(
      expect.objectContaining({ value: '3' }),
    );
    expect(pickNumber('COUNT', 'It costs $8.71, or 12.5% more.', 'How many sensors?')).toBeNull();
  });

  it('counts have no scale', () => {
    expect(pickNumber('COUNT', 'The depot has 14 buses.', 'How many buses does the depot have?')).toEqual(
      expect.objectContaining({ value: '14', scale: null }),
    );
  });
});

describe('pickDate', () => {
  it('reads a full date as ISO and otherwise the first year the question does not name', () => {
    expect(
      pickDate('The bridge opened on March 3, 1998 after work began in 1994.', 'When did the bridge open?'),
    ).toEqual(expect.objectContaining({ value: '1998-03-03' }));
    expect(pickDate('Founded in 2004, renamed in 2011.', 'In which year was it renamed after 2004?')).toEqual(
      expect.objectContaining({ value: '2011' }),
    );
  });
});

describe('pickName', () => {
  it('reads the capitalised name the question does not hold', () => {
    expect(
      pickName('The audit committee is chaired by Maria Lindqvist.', 'Who chairs the audit committee?'),
    ).toEqual(expect.objectContaining({ value: 'Maria Lindqvist' }));
    expect(pickName('the committee meets monthly.', 'Who chairs the committee?')).toBeNull();
  });
});

describe('readValue', () => {
  it('reads nothing for free text, lists and yes/no (other stages answer those)', () => {
    expect(readValue('TEXT', 'It costs $5.', 'Why?')).toBeNull();
    expect(readValue('YES_NO', 'It costs $5.', 'Is it cheap?')).toBeNull();
  });
});
