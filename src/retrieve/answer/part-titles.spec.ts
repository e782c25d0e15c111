import { partTitles, partTitlesAsked } from './part-titles';

const page = (pageNumber: number, ...lines: string[]) => ({ docId: 'd', pageNumber, text: lines.join('\n') });

describe('partTitlesAsked', () => {
  it('reads the labelled parts whose titles or names the question asks for', () => {
    expect(partTitlesAsked('What are the names of Unit 1 and Unit 2 in the first term?')).toEqual([
      { series: 'unit', number: '1' },
      { series: 'unit', number: '2' },
    ]);
    expect(partTitlesAsked('What is the title of chapter 3?')).toEqual([{ series: 'chapter', number: '3' }]);
    expect(partTitlesAsked('What is Module 4 called?')).toEqual([{ series: 'module', number: '4' }]);
  });

  it('asks for none when the title is a caption, or the name is of something in the part', () => {
    expect(partTitlesAsked('What is the title of Figure 2?')).toEqual([]);
    expect(partTitlesAsked('What is the name of the author of chapter 3?')).toEqual([]);
    expect(partTitlesAsked('What does Unit 2 cover?')).toEqual([]);
  });
});

describe('partTitles', () => {
  const course = [
    page(
      1,
      'Course outline',
      'Unit 1: Reading the Harbour Charts ........ 4',
      'Unit 2 – Knots and Lines 7',
      'Unit 12: Night Navigation',
    ),
    page(4, 'UNIT 1: Reading the Harbour Charts', 'In this unit the crew reads the charts of the bay.'),
    page(9, 'Unit 1 is repeated in the spring for new crews, with the same exercises and the same tests.'),
  ];

  it("takes the rest of the first line a label opens, without a contents list's leader dots and page number", () => {
    const asked = partTitlesAsked('What are the names of Unit 1 and Unit 2?');
    expect(partTitles(course, asked)).toEqual([
      {
        label: 'Unit 1',
        title: 'Reading the Harbour Charts',
        pageNumber: 1,
        line: 'Unit 1: Reading the Harbour Charts ........ 4',
      },
      { label: 'Unit 2', title: 'Knots and Lines', pageNumber: 1, line: 'Unit 2 – Knots and Lines 7' },
    ]);
  });

  it('does not take Unit 12 for Unit 1, nor a sentence opening with the label', () => {
    const asked = partTitlesAsked('What is the title of Unit 12?');
    expect(partTitles(course, asked).map((t) => t.title)).toEqual(['Night Navigation']);
    expect(partTitles([course[2]!], partTitlesAsked('What is the title of Unit 1?'))).toEqual([]);
    expect(
      partTitles([page(2, 'Unit 1 is taught in spring.')], partTitlesAsked('What is Unit 1 called?')),
    ).toEqual([]);
  });
});
