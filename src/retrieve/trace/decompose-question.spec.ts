import { decomposeQuestion } from './decompose-question';

describe('decomposeQuestion (TRACE, offline rules)', () => {
  it.each([
    // no rule splits these
    'What were the annual results of the Falcon project?',
    'What did the research and development team deliver?',
    'How are profit and loss reported?',
    'What is the relationship between revenue, margin and headcount?',
    // a clause before a comma, an appositive or a name with commas is no list
    'In the 2023 annual report, what was revenue and cost?',
    'Which risk factors were outlined in the Q3 2023 10-Q, particularly any new or escalating risks?',
    'How many departments of the School of Engineering, Design, and Applied Physics are described?',
  ])('keeps %p whole', (question) => {
    expect(decomposeQuestion(question)).toEqual([question]);
  });

  /** The rule a case shows, the question, and the sub-queries it splits into. */
  type Split = [rule: string, question: string, parts: string[]];
  it.each<Split>([
    [
      'two questions joined by a conjunction',
      'What was revenue in 2023 and how many employees were there?',
      ['What was revenue in 2023?', 'How many employees were there?'],
    ],
    [
      'separate sentences',
      'Who wrote the report? When was it published?',
      ['Who wrote the report?', 'When was it published?'],
    ],
    [
      'questions joined by a semicolon',
      'Which method is fastest; which is most accurate?',
      ['Which method is fastest?', 'Which is most accurate?'],
    ],
    [
      'an "and also" clause takes the question stem of the first',
      'What was the revenue and also the headcount?',
      ['What was the revenue?', 'What was the headcount?'],
    ],
    [
      'an "as well as" clause takes the question stem of the first',
      'How many sites are there, as well as offices?',
      ['How many sites are there?', 'How many offices?'],
    ],
    [
      'difference between two things',
      'What is the difference between the 2022 revenue and the 2023 revenue?',
      ['What is the 2022 revenue?', 'What is the 2023 revenue?'],
    ],
    [
      'difference in a measure between two names',
      'What is the difference in margin between Falcon and Eagle?',
      ['What is margin of Falcon?', 'What is margin of Eagle?'],
    ],
    [
      'difference between two clauses',
      'What is the difference between what was planned and what was spent?',
      ['What was planned?', 'What was spent?'],
    ],
    [
      'compare A and B',
      'Compare the revenue of Falcon and Eagle.',
      ['The revenue of Falcon', 'The revenue of Eagle'],
    ],
    [
      'compare with "that of"',
      'How does the margin of Falcon compare with that of Eagle?',
      ['The margin of Falcon', 'The margin of Eagle'],
    ],
    [
      '"X vs Y" keeps the words around the pair',
      'What was the revenue of Falcon vs Eagle in 2023?',
      ['What was the revenue of Falcon in 2023?', 'What was the revenue of Eagle in 2023?'],
    ],
    [
      '"X versus Y"',
      'Latency of HNSW versus the flat index?',
      ['Latency of HNSW', 'Latency of the flat index'],
    ],
    [
      'an enumeration of years the question asks for',
      'What was the revenue in 2021, 2022 and 2023?',
      ['What was the revenue in 2021?', 'What was the revenue in 2022?', 'What was the revenue in 2023?'],
    ],
    [
      'an enumeration of measures',
      'What were the revenue, the margin and the headcount of Falcon?',
      [
        'What were the revenue of Falcon?',
        'What were the margin of Falcon?',
        'What were the headcount of Falcon?',
      ],
    ],
    [
      '"both A and B"',
      'What were both the revenue and the headcount of Falcon?',
      ['What were the revenue of Falcon?', 'What were the headcount of Falcon?'],
    ],
    [
      'a comparison after a leading clause keeps the clause',
      'In the latest 10-Q, how does the revenue compare with its marketing and advertising expenses?',
      ['In the latest 10-Q, the revenue', 'In the latest 10-Q, its marketing and advertising expenses'],
    ],
    [
      'a sentence that only says how to format the answer is dropped',
      'How many datasets are used in the experiments? Give me an integer.',
      ['How many datasets are used in the experiments?'],
    ],
    [
      'a format sentence is dropped after a split',
      'What was revenue in 2023 and how many staff were there? Please write the answer in list format.',
      ['What was revenue in 2023?', 'How many staff were there?'],
    ],
    [
      'a compared name goes into the frame of the other item',
      'How much lower is the recall of Model-X on ReefQA compared to SciBench Biology?',
      [
        'How much lower is the recall of Model-X on ReefQA?',
        'How much lower is the recall of Model-X on SciBench Biology?',
      ],
    ],
    [
      'a compared period goes into the frame of the other item',
      'Did net earnings increase in Q2 of FY2023 compared to Q2 of FY2022?',
      ['Did net earnings increase in Q2 of FY2023', 'Did net earnings increase in Q2 of FY2022'],
    ],
    [
      'a determiner-led item keeps its own words',
      'How does the revenue across its product lines compare to the costs associated with those products?',
      ['The revenue across its product lines', 'The costs associated with those products'],
    ],
    [
      'rules combine',
      'What was the revenue of Falcon vs Eagle, and who leads the Falcon team?',
      ['What was the revenue of Falcon?', 'What was the revenue of Eagle?', 'Who leads the Falcon team?'],
    ],
    ['duplicates are dropped', 'What is X? What is X?', ['What is X?']],
    ['a blank question has none', '   ', []],
  ])('splits by rule: %s', (_rule, question, parts) => {
    expect(decomposeQuestion(question)).toEqual(parts);
  });

  it('caps the count', () => {
    expect(decomposeQuestion('What was revenue in 2016, 2017, 2018, 2019, 2020 and 2021?', 4)).toHaveLength(
      4,
    );
  });
});
