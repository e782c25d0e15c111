import { contentWords, coverage, sentences, stem, withoutStopwords } from './text-match';

describe('text matching for the offline answer', () => {
  it('stems hyphenated and inflected words onto one form', () => {
    expect(stem('re-ranking')).toBe('rerank');
    expect(stem('rerank')).toBe('rerank');
    expect(stem('pages')).toBe('page');
    expect(stem('class')).toBe('class');
    expect(stem('figures')).toBe(stem('figure'));
    expect(stem('boxes')).toBe('box');
    expect(stem('classes')).toBe(stem('class'));
    expect(stem('branches')).toBe(stem('branch'));
    expect(stem('expenses')).toBe(stem('expense'));
    expect(stem('licenses')).toBe(stem('license'));
    expect(stem('sizes')).toBe(stem('size'));
    expect(stem('counties')).toBe(stem('county'));
    expect(stem('companies')).toBe('company');
    expect(stem('series')).toBe('sery'); // both sides stem alike, so "series" still meets "series"
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
