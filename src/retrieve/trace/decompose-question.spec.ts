import { decomposeQuestion } from './decompose-question';

describe('decomposeQuestion (TRACE, offline rules)', () => {
  it('keeps a question no rule splits whole', () => {
    for (const q of [
      'What were the annual results of the Falcon project?',
      'What did the research and development team deliver?',
      'How are profit and loss reported?',
      'What is the relationship between revenue, margin and headcount?',
    ]) {
      expect(decomposeQuestion(q)).toEqual([q]);
    }
  });

  it('splits two questions joined by a conjunction, and separate sentences', () => {
    expect(decomposeQuestion('What was revenue in 2023 and how many employees were there?')).toEqual([
      'What was revenue in 2023?',
      'How many employees were there?',
    ]);
    expect(decomposeQuestion('Who wrote the report? When was it published?')).toEqual([
      'Who wrote the report?',
      'When was it published?',
    ]);
    expect(decomposeQuestion('Which method is fastest; which is most accurate?')).toEqual([
      'Which method is fastest?',
      'Which is most accurate?',
    ]);
  });

  it('gives an "and also" clause the question stem of the first', () => {
    expect(decomposeQuestion('What was the revenue and also the headcount?')).toEqual([
      'What was the revenue?',
      'What was the headcount?',
    ]);
    expect(decomposeQuestion('How many sites are there, as well as offices?')).toEqual([
      'How many sites are there?',
      'How many offices?',
    ]);
  });

  it('splits comparisons: difference between, compare, compared with, that of', () => {
    expect(
      decomposeQuestion('What is the difference between the 2022 revenue and the 2023 revenue?'),
    ).toEqual(['What is the 2022 revenue?', 'What is the 2023 revenue?']);
    expect(decomposeQuestion('What is the difference in margin between Falcon and Eagle?')).toEqual([
      'What is margin of Falcon?',
      'What is margin of Eagle?',
    ]);
    expect(decomposeQuestion('What is the difference between what was planned and what was spent?')).toEqual([
      'What was planned?',
      'What was spent?',
    ]);
    expect(decomposeQuestion('Compare the revenue of Falcon and Eagle.')).toEqual([
      'The revenue of Falcon',
      'The revenue of Eagle',
    ]);
    expect(decomposeQuestion('How does the margin of Falcon compare with that of Eagle?')).toEqual([
      'The margin of Falcon',
      'The margin of Eagle',
    ]);
  });

  it('splits "X vs Y" keeping the words around the pair', () => {
    expect(decomposeQuestion('What was the revenue of Falcon vs Eagle in 2023?')).toEqual([
      'What was the revenue of Falcon in 2023?',
      'What was the revenue of Eagle in 2023?',
    ]);
    expect(decomposeQuestion('Latency of HNSW versus the flat index?')).toEqual([
      'Latency of HNSW',
      'Latency of the flat index',
    ]);
  });

  it('splits enumerations whose items are what the question asks for', () => {
    expect(decomposeQuestion('What was the revenue in 2021, 2022 and 2023?')).toEqual([
      'What was the revenue in 2021?',
      'What was the revenue in 2022?',
      'What was the revenue in 2023?',
    ]);
    expect(decomposeQuestion('What were the revenue, the margin and the headcount of Falcon?')).toEqual([
      'What were the revenue of Falcon?',
      'What were the margin of Falcon?',
      'What were the headcount of Falcon?',
    ]);
    expect(decomposeQuestion('What were both the revenue and the headcount of Falcon?')).toEqual([
      'What were the revenue of Falcon?',
      'What were the headcount of Falcon?',
    ]);
  });

  it('does not take a clause before a comma, an appositive or a name with commas for a list', () => {
    for (const q of [
      'In the 2023 annual report, what was revenue and cost?',
      'Which risk factors were outlined in the Q3 2023 10-Q, particularly any new or escalating risks?',
      'How many departments of the School of Engineering, Design, and Applied Physics are described?',
    ]) {
      expect(decomposeQuestion(q)).toEqual([q]);
    }
    expect(
      decomposeQuestion(
        'In the latest 10-Q, how does the revenue compare with its marketing and advertising expenses?',
      ),
    ).toEqual([
      'In the latest 10-Q, the revenue',
      'In the latest 10-Q, its marketing and advertising expenses',
    ]);
  });

  it('drops sentences that only say how to format the answer', () => {
    expect(decomposeQuestion('How many datasets are used in the experiments? Give me an integer.')).toEqual([
      'How many datasets are used in the experiments?',
    ]);
    expect(
      decomposeQuestion(
        'What was revenue in 2023 and how many staff were there? Please write the answer in list format.',
      ),
    ).toEqual(['What was revenue in 2023?', 'How many staff were there?']);
  });

  it('puts a compared name into the frame of the other item; a determiner-led item keeps its own words', () => {
    expect(
      decomposeQuestion('How much lower is the recall of Model-X on ReefQA compared to SciBench Biology?'),
    ).toEqual([
      'How much lower is the recall of Model-X on ReefQA?',
      'How much lower is the recall of Model-X on SciBench Biology?',
    ]);
    expect(decomposeQuestion('Did net earnings increase in Q2 of FY2023 compared to Q2 of FY2022?')).toEqual([
      'Did net earnings increase in Q2 of FY2023',
      'Did net earnings increase in Q2 of FY2022',
    ]);
    expect(
      decomposeQuestion(
        'How does the revenue across its product lines compare to the costs associated with those products?',
      ),
    ).toEqual(['The revenue across its product lines', 'The costs associated with those products']);
  });

  it('combines rules, drops duplicates and caps the count', () => {
    expect(
      decomposeQuestion('What was the revenue of Falcon vs Eagle, and who leads the Falcon team?'),
    ).toEqual([
      'What was the revenue of Falcon?',
      'What was the revenue of Eagle?',
      'Who leads the Falcon team?',
    ]);
    expect(decomposeQuestion('What is X? What is X?')).toEqual(['What is X?']);
    expect(decomposeQuestion('What was revenue in 2016, 2017, 2018, 2019, 2020 and 2021?', 4)).toHaveLength(
      4,
    );
    expect(decomposeQuestion('   ')).toEqual([]);
  });
});
