import { checkEvidence } from './evidence-check';

describe('checkEvidence (offline G2 checker)', () => {
  it('is sufficient when the evidence covers the terms and every number of the question', () => {
    const v = checkEvidence('What was the revenue of Falcon in 2021?', [
      'Falcon revenue reached 41.2 million in 2021.',
    ]);
    expect(v).toMatchObject({ sufficient: true, gaps: [] });
  });

  it('names a missing number as a gap even when the words are covered', () => {
    const v = checkEvidence('What was the revenue of Falcon in 2021?', [
      'Falcon revenue reached 41.2 million in 2020.',
    ]);
    expect(v.sufficient).toBe(false);
    expect(v.gaps).toContain('2021');
  });

  it('names missing terms, and nothing is sufficient without evidence', () => {
    const v = checkEvidence('Who leads the Falcon team?', [
      'The Falcon project began as a research programme.',
    ]);
    expect(v.sufficient).toBe(false);
    expect(v.gaps).toEqual(expect.arrayContaining(['leads', 'team']));
    expect(checkEvidence('Falcon', []).sufficient).toBe(false);
  });
});
