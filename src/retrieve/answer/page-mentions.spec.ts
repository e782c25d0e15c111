import { pageText } from './testing/evidence-builders';
import { exampleForm, occurrencesOf, pagesAsked, pagesMentioning, timesAsked } from './page-mentions';

describe('pagesAsked', () => {
  it('reads the code or name whose pages the question asks for', () => {
    expect(pagesAsked('On which pages is Annex B-7 mentioned?')?.described).toBe('"B-7"');
    expect(pagesAsked('List all the pages where the "harbour levy" is mentioned.')?.described).toBe(
      '"harbour levy"',
    );
    expect(pagesAsked('Which pages mention the Coastal Rowing Trust?')?.described).toBe(
      '"Coastal Rowing Trust"',
    );
  });

  it('looks up a web link or an e-mail address by its form', () => {
    const links = pagesAsked('On which pages does a website address appear? List them like ["p1", "p2"].')!;
    expect(links.described).toBe('a web link');
    const pages = [
      pageText(2, 'Forms are at https://harbour.example.org/forms today.'),
      pageText(4, 'Write to berths@harbour.example.org or visit www.harbour.example.org.'),
      pageText(5, 'Berth fees rose 4.5 per cent.'),
    ];
    expect(pagesMentioning(pages, links.pattern)).toEqual([2, 4]);
    const mail = pagesAsked('Which pages print an e-mail address?')!;
    expect(mail.described).toBe('an e-mail address');
    expect(pagesMentioning(pages, mail.pattern)).toEqual([4]);
    expect(pagesAsked('Which pages print a phone number?')).toBeNull();
  });

  it('leaves the answer-form example out of what is asked', () => {
    const asked = pagesAsked('Which pages mention Annex B-7? Answer as a list, e.g., ["Page 2", "Page 9"].');
    expect(asked?.described).toBe('"B-7"');
    expect(asked?.label(4)).toBe('Page 4');
  });

  it('is null for a question that asks no pages, or names nothing exactly', () => {
    expect(pagesAsked('What does Annex B-7 say about mooring fees?')).toBeNull();
    expect(pagesAsked('Which pages mention how to clean the filter?')).toBeNull();
  });
});

describe('exampleForm', () => {
  it('writes pages as the example does', () => {
    expect(exampleForm('List them, for example ["p1","p2"]')(7)).toBe('p7');
    expect(exampleForm('in a list like [2, 3, 5]')(7)).toBe('7');
    expect(exampleForm('Which pages?')(7)).toBe('7');
  });
});

describe('pagesMentioning', () => {
  const pages = [
    pageText(3, 'See Annex B-7 for the tariff.'),
    pageText(1, 'Annexes B-6 and B-7\ncover mooring.'),
    pageText(5, 'Annex B-70 is the older tariff; Annex B-1 the first.'),
    pageText(6, 'Nothing here.'),
  ];
  it('finds each page that prints the phrase, not a longer code that starts with it', () => {
    expect(pagesMentioning(pages, 'B-7')).toEqual([1, 3]);
    expect(pagesMentioning(pages, 'annex b-7')).toEqual([3]);
  });
});

describe('timesAsked', () => {
  it.each([
    ['How many times does "Harbour Trust" appear on page 4?', 'Harbour Trust', [{ number: 4 }]],
    ['How many times is the word "tariff" used in the report?', 'tariff', []],
    ['How many times is Annex B-7 mentioned?', 'B-7', []],
    ['How many times does the Harbour Trust appear in the slides?', 'Harbour Trust', []],
  ])('%j counts %j', (question, phrase, pages) => {
    expect(timesAsked(question)).toEqual({ phrase, pages });
  });

  it.each(['How many times did sales double?', 'How many pages mention the Harbour Trust?'])(
    '%j counts no phrase',
    (question) => expect(timesAsked(question)).toBeNull(),
  );

  it('counts each page’s occurrences as whole words', () => {
    const pages = [
      pageText(3, 'Tariff A; the tariffs; TARIFF B'),
      pageText(1, 'tariff'),
      pageText(2, 'none here'),
    ];
    expect(occurrencesOf(pages, 'tariff')).toEqual([
      { pageNumber: 1, count: 1 },
      { pageNumber: 3, count: 2 },
    ]);
  });
});
