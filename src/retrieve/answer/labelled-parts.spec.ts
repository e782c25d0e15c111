import { pageText } from './testing/evidence-builders';
import { labelledParts, partsAsked } from './labelled-parts';

describe('partsAsked', () => {
  it.each([
    ['How many appendices does the report have?', { part: 'appendix', mentions: false }],
    ['How many annexes does the treaty contain?', { part: 'annex', mentions: false }],
    ['How many chapters are in this book?', { part: 'chapter', mentions: false }],
    ['how many units are there in total?', { part: 'unit', mentions: false }],
    ['How many chapters are mentioned in the report?', { part: 'chapter', mentions: true }],
    ['How many exhibits does the filing have?', { part: 'exhibit', mentions: true }],
    ['How many schedules are referred to in this document?', { part: 'schedule', mentions: true }],
    ['How many appendices discuss tides?', null],
    ['How many chapters of the report cite the survey?', null],
    ['How many exhibits show the quay?', null],
    ['How many figures are in the report?', null],
  ])('%j counts %j', (question, part) => expect(partsAsked(question)).toEqual(part));
});

describe('labelledParts', () => {
  it('counts the distinct labels that open a line, once each, with the first page printing them', () => {
    const pages = [
      pageText(5, 'Appendix B\nBerth fees by season'),
      pageText(2, 'Contents\nAppendix A: Tide tables 4\nAppendix B: Berth fees 5\nappendix c – Dredging 7'),
      pageText(7, 'Appendix C\nDredging; see Appendix D of the 2019 plan.'),
    ];
    expect(labelledParts(pages, { part: 'appendix', mentions: false })).toEqual([
      { label: 'A', pageNumber: 2 },
      { label: 'B', pageNumber: 2 },
      { label: 'C', pageNumber: 2 },
    ]);
  });

  it('counts every label printed after the noun when mentions count, series included, letters only in capitals', () => {
    const pages = [
      pageText(1, 'The claim relies on Exhibit P-1 and on Exhibits P-2, P-3 and P-10.'),
      pageText(3, 'It refers to exhibits P-3 and D-1; the port exhibits a steady trade. See Exhibit A.'),
      pageText(4, 'EXHIBIT 10.1 Lease of the quay, as Exhibit P-\n15 shows'),
    ];
    expect(labelledParts(pages, { part: 'exhibit', mentions: true })).toEqual([
      { label: 'P-1', pageNumber: 1 },
      { label: 'P-2', pageNumber: 1 },
      { label: 'P-3', pageNumber: 1 },
      { label: 'P-10', pageNumber: 1 },
      { label: 'D-1', pageNumber: 3 },
      { label: 'A', pageNumber: 3 },
      { label: '10.1', pageNumber: 4 },
      { label: 'P-15', pageNumber: 4 },
    ]);
  });
});
