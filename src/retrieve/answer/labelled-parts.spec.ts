import { pageText } from './testing/evidence-builders';
import { labelledParts, partsAsked } from './labelled-parts';

describe('partsAsked', () => {
  it.each([
    ['How many appendices does the report have?', 'appendix'],
    ['How many annexes does the treaty contain?', 'annex'],
    ['How many chapters are in this book?', 'chapter'],
    ['how many units are there in total?', 'unit'],
    ['How many appendices discuss tides?', null],
    ['How many chapters of the report cite the survey?', null],
    ['How many figures are in the report?', null],
  ])('%j counts %s', (question, part) => expect(partsAsked(question)).toBe(part));
});

describe('labelledParts', () => {
  it('counts the distinct labels that open a line, once each, with the first page printing them', () => {
    const pages = [
      pageText(5, 'Appendix B\nBerth fees by season'),
      pageText(2, 'Contents\nAppendix A: Tide tables 4\nAppendix B: Berth fees 5\nappendix c – Dredging 7'),
      pageText(7, 'Appendix C\nDredging; see Appendix D of the 2019 plan.'),
    ];
    expect(labelledParts(pages, 'appendix')).toEqual([
      { label: 'A', pageNumber: 2 },
      { label: 'B', pageNumber: 2 },
      { label: 'C', pageNumber: 2 },
    ]);
  });
});
