import { tableRowsWhereSource, wordsAfter } from './table-rows-where';
import { evidenceFrom, tablePage } from './testing/evidence-builders';

// a merged first cell is printed once, over the rows below it
const kilns = tablePage(6, [
  ['Kiln', 'Fuel', 'Grade', 'Capacity (t)'],
  ['North 1', 'Gas', 'A', '120'],
  ['North 2', 'Coal', 'B', '90'],
  ['South', 'Gas', 'B', '150'],
  ['', 'Wood', 'C', '40'],
  ['East', 'Gas', 'C', '60'],
]);

describe('wordsAfter', () => {
  it.each([
    ['How many kilns have the grade B?', 'Grade', 'B'],
    ['Which kilns burn fuel "Wood"?', 'Fuel', 'Wood'],
    ['How many kilns have a grade of C?', 'Grade', 'C'],
    ['How many kilns have a grade in the top band?', 'Grade', null],
    ['What is the fuel of the North kiln?', 'Fuel', null],
    ['Which kilns have the status Under Repair in the plan?', 'Status', 'Under Repair'],
  ])('%s (%s) → %s', (question, header, value) =>
    expect(wordsAfter(question, header).join(' ') || null).toBe(value),
  );
});

describe('tableRowsWhereSource', () => {
  it('counts the rows whose cell under the named column holds the value, citing each row by its name', () => {
    const answer = tableRowsWhereSource(evidenceFrom('How many kilns have the grade C?', 'COUNT', [kilns]));
    expect(answer?.answer).toMatchObject({ kind: 'COUNT', value: '2', items: ['South', 'East'] });
    expect(answer?.citations.map((c) => c.quote)).toEqual(['South', 'East']);
  });

  it('lists them, a word value matched regardless of case', () => {
    const answer = tableRowsWhereSource(evidenceFrom('Which kilns use the fuel gas?', 'LIST', [kilns]));
    expect(answer?.answer.items).toEqual(['North 1', 'South', 'East']);
  });

  it('answers nothing when no row holds the value, or for a difference', () => {
    expect(
      tableRowsWhereSource(evidenceFrom('How many kilns have the grade D?', 'COUNT', [kilns])),
    ).toBeNull();
    expect(
      tableRowsWhereSource(
        evidenceFrom('How many more kilns have the grade B than grade A?', 'COUNT', [kilns]),
      ),
    ).toBeNull();
  });

  it("reads no count of rows where the question asks a column's value, or a column names each row once", () => {
    const staff = tablePage(3, [
      ['Year', 'Site', 'Employees'],
      ['2019', 'North', '410'],
      ['2020', 'North', '395'],
      ['2021', 'South', '420'],
    ]);
    expect(
      tableRowsWhereSource(evidenceFrom('How many employees were there in the year 2020?', 'COUNT', [staff])),
    ).toBeNull();
    expect(
      tableRowsWhereSource(evidenceFrom('How many sites reported in the year 2020?', 'COUNT', [staff])),
    ).toBeNull();
    expect(
      tableRowsWhereSource(evidenceFrom('How many years does the site North appear in?', 'COUNT', [staff]))
        ?.answer.value,
    ).toBe('2');
  });

  it('does not select on a column that prints one value all the way down', () => {
    const one = tablePage(2, [
      ['Kiln', 'Fuel'],
      ['North', 'Gas'],
      ['South', 'Gas'],
    ]);
    expect(
      tableRowsWhereSource(evidenceFrom('How many kilns burn the fuel Gas?', 'COUNT', [one])),
    ).toBeNull();
  });
});

describe('a table split in two', () => {
  it('reads the part that goes on without a header as more rows of the first', () => {
    const first = tablePage(4, [
      ['Kiln', 'Fuel', 'Grade'],
      ['North', 'Gas', 'A'],
      ['West', 'Coal', 'C'],
    ]);
    const rest = tablePage(5, [
      ['South', 'Gas', 'B'],
      ['', 'Wood', 'C'],
    ]);
    const answer = tableRowsWhereSource(
      evidenceFrom('How many kilns have the grade C?', 'COUNT', [first, rest]),
    );
    expect(answer?.answer).toMatchObject({ value: '2', items: ['West', 'South'] });
    expect(answer?.citations.map((c) => c.pageNumber)).toEqual([4, 5]);
  });
});
