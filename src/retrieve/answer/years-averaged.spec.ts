import { metricSource } from './metric-source';
import { statementPages } from './testing/evidence-builders';
import { yearsAveraged } from './years-averaged';

/** Statements written for these tests, stored without cell boxes. */
const statementPage = statementPages('delta', { cells: false });

const INCOME = statementPage(1, [
  ['(In millions)', '2023', '2022', '2021'],
  ['Revenues', '10,000', '8,000', '5,000'],
  ['Operating income', '1,200', '800', '400'],
]);
const CASH_FLOWS = statementPage(2, [
  ['(In millions)', '2023', '2022', '2021'],
  ['Depreciation and amortization', '300', '240', '200'],
  ['Capital expenditures', '(600)', '(400)', '(350)'],
]);

describe('yearsAveraged', () => {
  it.each([
    ['What is the FY2021 - FY2023 3 year average of capex as a % of revenue?', 2023, [2021, 2022, 2023]],
    ['What was the three-year average EBITDA margin through FY2023?', 2023, [2021, 2022, 2023]],
    ['What was the average operating margin from 2020 to 2023?', 2023, [2020, 2021, 2022, 2023]],
    ['What was the 2 year average gross margin in 2023?', 2023, [2022, 2023]],
  ])('%s → %j', (question, latest, years) => {
    expect(yearsAveraged(question, latest)).toEqual(years);
  });

  it('is null for one year, for an input averaged over two year-ends, and for a range that disagrees', () => {
    expect(yearsAveraged('What was the FY2023 operating margin?', 2023)).toBeNull();
    expect(
      yearsAveraged('Revenue / (average total assets between FY2022 and FY2023) in FY2023?', 2023),
    ).toBeNull();
    expect(yearsAveraged('What was the average margin between 2022 and 2023?', 2023)).toBeNull();
    expect(yearsAveraged('What is the FY2020 - FY2023 3 year average margin?', 2023)).toBeNull();
  });
});

describe('metricSource over several years', () => {
  const ask = (question: string) =>
    metricSource({ question, kind: 'PERCENTAGE', pages: [INCOME, CASH_FLOWS] });

  it('averages the metric of each year, not the sums of its inputs', () => {
    // capex / revenue: 6 %, 5 %, 7 % → 6.0 % (summed inputs would give 1,350 / 23,000 = 5.9 %)
    const found = ask(
      'What is the FY2021 - FY2023 3 year average of capex as a % of revenue? Round to one decimal place.',
    )!;
    expect(found.answer).toMatchObject({ kind: 'PERCENTAGE', value: '6', unit: '%' });
    expect(found.answer.formula).toBe(
      '6.0% = ((350 / 5,000) + (400 / 8,000) + (600 / 10,000)) / 3 × 100 ' +
        '(the mean over FY2021–FY2023 of capital expenditure / revenue, FY2021–FY2023, pp. 2, 1)',
    );
    expect(found.citations).toHaveLength(6);
    expect(found.answer.text).toContain('for FY2021–FY2023');
  });

  it('averages a margin whose numerator is a sum', () => {
    // (op. income + D&A) / revenue: 15 %, 13 %, 12 % → 13.3 %
    const found = ask('What is the 3 year average EBITDA margin for FY2023? Round to one decimal place.')!;
    expect(found.answer.value).toBe('13.3');
  });

  it('gives no candidate when a year of the range is not printed', () => {
    expect(ask('What is the FY2020 - FY2023 4 year average operating margin?')).toBeNull();
  });
});
