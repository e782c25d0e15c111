import { answerKindOf, askedDecimals, askedScale } from './answer-kind';
import type { AnswerKind } from './typed-answer';

describe('answerKindOf', () => {
  const cases: Array<[string, AnswerKind]> = [
    ['Does the warranty cover water damage?', 'YES_NO'],
    ['Is the Falcon drone certified for night flights?', 'YES_NO'],
    ['Based on the balance sheet, did the carrier reduce its debt in 2031?', 'YES_NO'],
    ['In 2031, which river carried the most freight?', 'NAME'],
    ['Answer yes or no: did the company pay a dividend in 2020?', 'YES_NO'],
    ['Was revenue higher in 2021 or in 2022?', 'TEXT'],
    ['How many charging stations does the campus have?', 'COUNT'],
    ['What is the number of subsidiaries listed in the appendix?', 'COUNT'],
    // a measure asked in its unit is a number, not a count of things
    ['How many square miles does the reserve cover?', 'NUMBER'],
    ['How many USD dollars does the upgrade cost per seat?', 'NUMBER'],
    ['In how many hours was the outage resolved?', 'NUMBER'],
    ['How many cm should the strap sit above the wrist bone?', 'NUMBER'],
    ['How many more millions of dollars did the east plant earn than the west plant?', 'NUMBER'],
    ['What is the gap between the two plants in output?', 'NUMBER'],
    ['What is the performance of the small model on the harbour dataset?', 'NUMBER'],
    ["What's the population of the town in 1950?", 'NUMBER'],
    ['How many percent of the replies were in French?', 'PERCENTAGE'],
    ['How many times does the word "safety" appear on page 3?', 'COUNT'],
    ['List the sensors mounted on the rover.', 'LIST'],
    ['What are the safety rules for the workshop?', 'LIST'],
    ['Which of the models support offline use?', 'LIST'],
    ['Which two rivers does the canal connect?', 'LIST'],
    ['What are three suppliers the annual report names?', 'LIST'],
    ['What safety devices does the lift carry?', 'LIST'],
    ['What kinds of fuel can the boiler burn?', 'LIST'],
    ['What are the three stages of the kiln cycle?', 'LIST'],
    ['In the appendix, which suppliers are named as critical?', 'LIST'],
    ['What were the total assets at year end?', 'NUMBER'],
    ['What shares of owners use a smartphone, a tablet and a laptop? Write them in the list format.', 'LIST'],
    // several values asked for in so many words: a list format, "respectively", "which two …"
    ['How many pumps and valves does the plant have? Give the two numbers as a list.', 'LIST'],
    ['What are the width and depth of the dock respectively?', 'LIST'],
    ["Which two newspapers' reviews are quoted on the cover?", 'LIST'],
    ['When was the bridge opened to traffic?', 'DATE'],
    ['In which year did the museum move to its current site?', 'DATE'],
    ['What is the earliest year the ledger table covers?', 'DATE'],
    ['What percentage of respondents prefer trains?', 'PERCENTAGE'],
    ['What was the gross margin in FY2023?', 'PERCENTAGE'],
    ['What was the effective tax rate last year?', 'PERCENTAGE'],
    ['Who chairs the audit committee?', 'NAME'],
    ['Which company audits the group accounts?', 'NAME'],
    ['What is the name of the lead engineer?', 'NAME'],
    ["What's the district name for EPS code KX04?", 'NAME'],
    ['How much did the retrofit cost?', 'NUMBER'],
    ['What was total revenue in 2022 in millions?', 'NUMBER'],
    ['What is the current ratio for FY2021?', 'NUMBER'],
    ['What recall@3 does the graph walk reach?', 'NUMBER'],
    ['What latency does the cache add?', 'NUMBER'],
    ['What were the pension liabilities at year end? Answer in millions.', 'NUMBER'],
    ['What depth does the probe reach? Please write the answer in float format.', 'NUMBER'],
    ['Which page shows the wiring diagram? Give me an integer.', 'NUMBER'],
    ['What are the lease obligations for 2024? Round your answer to one decimal place.', 'NUMBER'],
    ['Why did the team choose a ceramic housing?', 'TEXT'],
    ['What is used to cool the reactor core?', 'TEXT'],
    // one thing asked for by its class: a name or short phrase, whatever quantity decides it
    ['Which river carries the most freight by tonnage?', 'NAME'],
    ['Which pump has the larger number of valves?', 'NAME'],
    ['Which age group showed the largest change in the share of cyclists?', 'NAME'],
    ['In 2019, among the listed risks, which one has the biggest gap between the two parties?', 'NAME'],
    ['What type of license does the toolkit ship under?', 'NAME'],
    ['Which colour marks the danger zone on the dial?', 'NAME'],
    ['Where was the first prototype assembled?', 'NAME'],
    ['What comes between drafting and review in the publishing workflow?', 'NAME'],
    ['What stage follows after testing in the pipeline figure?', 'NAME'],
    ['What percentage of the fleet is electric?', 'PERCENTAGE'],
    ['What phone number of the help desk is printed on the back cover?', 'TEXT'],
    ["Is the warranty longer for the pro model? Answer 'yes' or 'no'.", 'YES_NO'],
    ['Were more sensors fitted in the north wing? Directly answer "yes" or "no".', 'YES_NO'],
  ];
  it.each(cases)('%s → %s', (question, kind) => {
    expect(answerKindOf(question)).toBe(kind);
  });
  it.each([
    'What sales does the company report for 2022?',
    'What kind of battery does the drone use?',
    'Which address does the letter give for returns?',
  ])('%s → not LIST (an amount, a singular kind, a singular noun ending in s)', (question) => {
    expect(answerKindOf(question)).not.toBe('LIST');
  });
});

describe('askedScale', () => {
  it('reads the scale the question asks its number in', () => {
    expect(askedScale('What was revenue in millions?')).toBe('millions');
    expect(askedScale('Give capex in USD billions.')).toBe('billions');
    expect(askedScale('What was revenue in 2021?')).toBeNull();
  });
});

describe('askedDecimals', () => {
  it('reads the rounding the question asks for', () => {
    expect(askedDecimals('Round your answer to two decimal places.')).toBe(2);
    expect(askedDecimals('Answer to 1 decimal.')).toBe(1);
    expect(askedDecimals('Round to the nearest whole number.')).toBe(0);
    expect(askedDecimals('What was revenue?')).toBeNull();
  });
});
