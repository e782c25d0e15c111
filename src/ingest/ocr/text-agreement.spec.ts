import { characterBigramAgreement, normalizeForAgreement } from './text-agreement';

describe('normalizeForAgreement', () => {
  it('folds case, compatibility forms and whitespace runs', () => {
    expect(normalizeForAgreement('  The\tﬁrst\n\nPAGE  ')).toBe('the first page');
  });
});

describe('characterBigramAgreement', () => {
  it('is 1 for the same text, whatever the case and spacing', () => {
    expect(characterBigramAgreement('Graph retrieval works', 'graph  RETRIEVAL\nworks')).toEqual({
      recall: 1,
      precision: 1,
      f1: 1,
    });
  });

  it('does not punish lines read in another order beyond the bigrams at the joins', () => {
    const reference = 'left column text here right column text there';
    const swapped = 'right column text there left column text here';
    expect(characterBigramAgreement(reference, swapped).f1).toBeGreaterThan(0.95);
  });

  it('separates recall (text missed) from precision (text invented)', () => {
    const half = characterBigramAgreement('abcdefgh', 'abcd');
    expect(half.precision).toBe(1);
    expect(half.recall).toBeCloseTo(3 / 7, 9);
    const extra = characterBigramAgreement('abcd', 'abcdxyz');
    expect(extra.recall).toBe(1);
    expect(extra.precision).toBeCloseTo(3 / 6, 9);
  });

  it('counts repeated bigrams as a multiset', () => {
    expect(characterBigramAgreement('aaaa', 'aa').recall).toBeCloseTo(1 / 3, 9);
  });

  it('is 0 when nothing was read and 1 when there was nothing to read', () => {
    expect(characterBigramAgreement('some text', '').f1).toBe(0);
    expect(characterBigramAgreement('', '').f1).toBe(1);
    expect(characterBigramAgreement('', 'noise').f1).toBe(0);
  });
});
