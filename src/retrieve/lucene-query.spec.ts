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
