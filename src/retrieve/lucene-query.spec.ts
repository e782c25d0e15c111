import { buildLuceneQuery, luceneTerms } from './lucene-query';

describe('lucene queries from user text', () => {
  it('escapes every special character and neutralises boolean words', () => {
    const terms = luceneTerms('What is A/B (testing) [2023]: "p<0.05"? a*b ~x ^y !z AND OR NOT back\\slash');
    for (const t of terms) expect(t).not.toMatch(/[+\-&|!(){}[\]^"~*?:\\/]/);
    expect(terms).toEqual(
      expect.arrayContaining(['a', 'b', 'testing', '2023', 'and', 'or', 'not', 'back', 'slash']),
    );
  });

  it('returns null when nothing is searchable', () => {
    expect(buildLuceneQuery('?? // ()', ['text'], null)).toBeNull();
  });

  it('restricts to documents with quoted ids', () => {
    expect(buildLuceneQuery('revenue 2022', ['text', 'description'], ['abc', 'd"e'])).toBe(
      'text:(revenue 2022) OR description:(revenue 2022)'.replace(/^(.*)$/, '($1)') +
        ' AND docId:("abc" OR "d\\"e")',
    );
  });
});

describe('the term cap', () => {
  it('keeps at most 48 terms however long the question is', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`);
    const terms = luceneTerms(words.join(' '));
    expect(terms).toHaveLength(48);
    expect(terms[0]).toBe('word0');
    expect(terms[47]).toBe('word47');
  });

  it('caps terms split out of one long hyphenated token too', () => {
    const token = Array.from({ length: 200 }, (_, i) => `w${i}`).join('-');
    expect(luceneTerms(token)).toHaveLength(48);
  });
});
