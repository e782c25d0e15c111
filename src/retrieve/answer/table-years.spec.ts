import { tableYearSource } from './table-years';
import { evidenceFrom, evidencePage, tableElement, textElement } from './testing/evidence-builders';

const ledger = tableElement(
  [
    ['Fiscal year', 'Target', 'Actual'],
    ['2016', '40 sites', '38 sites'],
    ['2019', '55 sites', 'Reported after 2021'],
    ['2017', '$1,250', '$2,140'],
  ],
  { docId: 'd', pageNumber: 4 },
);
const pages = [
  evidencePage(3, [textElement('The programme began in 2009 and was reviewed in 2024.', { pageNumber: 3 })]),
  evidencePage(4, [ledger]),
];

describe('tableYearSource', () => {
  it('answers the last year the first table of the evidence prints, cited in the table', () => {
    const answer = tableYearSource(
      evidenceFrom('What is the last year present in the table?', 'DATE', pages),
    );
    expect(answer?.answer).toMatchObject({ kind: 'DATE', value: '2021' });
    expect(answer?.citations[0]).toMatchObject({ pageNumber: 4, quote: '2021' });
  });

  it('answers the earliest when asked, and reads no amount as a year', () => {
    const answer = tableYearSource(
      evidenceFrom('Which is the earliest year shown in the table?', 'DATE', pages),
    );
    expect(answer?.answer.value).toBe('2016');
  });

  it('answers nothing for a question about no table, or a table that prints no year', () => {
    expect(
      tableYearSource(evidenceFrom('What is the last year of the programme?', 'DATE', pages)),
    ).toBeNull();
    const noYears = [
      evidencePage(2, [
        tableElement(
          [
            ['Site', 'Area'],
            ['North', '12 ha'],
          ],
          { docId: 'd', pageNumber: 2 },
        ),
      ]),
    ];
    expect(tableYearSource(evidenceFrom('What is the last year in the table?', 'DATE', noYears))).toBeNull();
  });
});
