import { contentWords, coverage, sentences, stem, withoutStopwords } from './text-match';

describe('text matching for the offline answer', () => {
  it.each([
    ['re-ranking', 'rerank'],
    ['rerank', 'rerank'],
    ['pages', 'page'],
    ['class', 'class'],
    ['boxes', 'box'],
    ['companies', 'company'],
    ['series', 'sery'], // both sides stem alike, so "series" still meets "series"
  ])('stems %j as %j', (word, stemmed) => {
    expect(stem(word)).toBe(stemmed);
  });

  it.each([
    ['figures', 'figure'],
    ['classes', 'class'],
    ['branches', 'branch'],
    ['expenses', 'expense'],
    ['licenses', 'license'],
    ['sizes', 'size'],
    ['counties', 'county'],
  ])('stems the plural %j onto the form of %j', (plural, singular) => {
    expect(stem(plural)).toBe(stem(singular));
  });

  it('keeps numbers and drops stopwords', () => {
    expect(contentWords('What was the revenue in 2022, up 12.5%?')).toEqual(['revenue', '2022', '12.5%']);
  });

  it('measures how much of the question a sentence covers', () => {
    const q = contentWords('What recall does the graph walk with re-ranking reach?');
    expect(coverage(q, 'Graph walk + rerank 0.75 410')).toBeGreaterThan(coverage(q, 'Graph walk 0.72 340'));
    expect(coverage([], 'anything')).toBe(0);
  });

  it('splits sentences but keeps table rows whole', () => {
    expect(sentences('First one. Second one.\n| a | b |')).toEqual([
      'First one.',
      'Second one.',
      '| a | b |',
    ]);
  });
});

describe('withoutStopwords', () => {
  it('keeps the content words as written, for indexes that keep stop words', () => {
    expect(withoutStopwords('What is the Revenue of Contoso in the 2023 report?')).toBe(
      'Revenue Contoso 2023',
    );
  });
});
