import { searchQueryOf } from './search-query';

describe('searchQueryOf', () => {
  it.each([
    ['What is the gap between the two groups? Please write the answer into float format.', 'float format'],
    ['What is research and development expense of Netflix in FY 2015? Answer in thousands.', 'in thousands'],
    ['What is the ratio in FY2019? Round your answer to two decimal places.', 'decimal places'],
    [
      "Which pages show the logo? The answer should be formatted as a list like ['Page 2', 'Page 4'].",
      'list',
    ],
    ["Is the market part of the Bay Area? Answer 'yes' or 'no'.", 'yes or no'],
    ['Which date appears on the third page? Format the date as YYYY-MM', 'date format'],
    [
      'How many rectangles are in the first figure? Please list them by descending order. e.g., ["2","1"]',
      'example',
    ],
  ])('leaves the answer-format instruction out (%s: %s)', (question) => {
    const { query, dropped } = searchQueryOf(question);
    expect(query).toBe(question.split('?')[0] + '?');
    expect(dropped.length).toBeGreaterThan(0);
  });

  it('keeps the words after an example list, which go on with the question', () => {
    const { query, dropped } = searchQueryOf(
      'What share of higher-income seniors go online? Please write the answer in the list format, e.g., ["9%","8%"] ' +
        'in the Internet Project July 18-September 30, 2013 tracking survey?',
    );
    expect(query).toBe(
      'What share of higher-income seniors go online? in the Internet Project July 18-September 30, 2013 tracking survey?',
    );
    expect(dropped).toEqual(['Please write the answer in the list format, e.g., ["9%","8%"]']);
  });

  it('keeps sentences that say where to look, and the first sentence whatever it says', () => {
    const finance =
      'What is the FY2020 free cash flow for General Mills? Please utilize information provided primarily within ' +
      'the statement of cash flows.';
    expect(searchQueryOf(finance)).toEqual({ query: finance, dropped: [] });
    const listFirst = 'Please list the F1 scores in descending order, with one decimal.';
    expect(searchQueryOf(listFirst).query).toBe(listFirst);
  });
});

describe('searchQueryOf, instructions that ask for a number or say how to report it', () => {
  it.each([
    'How many words are underlined on the cover page? Give me an integer.',
    'How many square miles did the county cover in 1882? Return me a rounded integer.',
    'What is the ratio in FY2019? Round your answer to two decimal places.',
    'When did the tweets exceed 200,000? Your report time should be in CET time.',
    'What are the amounts on the checks? Enumerate each amount within a list.',
  ])('%s', (question) => {
    expect(searchQueryOf(question).query).toBe(question.split('?')[0] + '?');
  });

  it('keeps "give" when it names where to look', () => {
    const question =
      'What is the change in operating income from FY2015 to FY2016? Give a solution by using the income statement.';
    expect(searchQueryOf(question).query).toBe(question);
  });
});
