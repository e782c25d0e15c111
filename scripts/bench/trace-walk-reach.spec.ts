import {
  evidenceNextToRelevantEvidence,
  type ScoredQuestion,
  walkRankingPairs,
  walkReach,
} from './trace-walk-reach';

// Pages 1–6 in a row; the walk starts from 2 and 5; evidence on 2 and 3 (a table continued on the next page).
const question = (scores: Record<number, number>): ScoredQuestion => ({
  qid: 'q1',
  evidence: new Set([2, 3]),
  retrieved: [2, 5],
  scores: new Map(Object.entries(scores).map(([p, s]) => [Number(p), s])),
  neighbours: new Map([
    [2, [1, 3]],
    [3, [2, 4]],
    [5, [4, 6]],
  ]),
});

describe('walkReach', () => {
  it('follows physical neighbours of RELEVANT pages only, and lists those still unscored', () => {
    const reach = walkReach(question({ 2: 0.9, 3: 0.1, 5: 0.05 }), 0.5);
    expect([...reach.reached].sort()).toEqual([2, 3, 5]);
    expect(reach.unscored).toEqual([1]);
    expect(reach.parentScore.get(3)).toBe(0.9);
    expect(reach.parentScore.has(4)).toBe(false);
  });

  it('goes on through a reached RELEVANT page', () => {
    const reach = walkReach(question({ 1: 0, 2: 0.9, 3: 0.6, 4: 0.2, 5: 0.05 }), 0.5);
    expect([...reach.reached].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(reach.parentScore.get(4)).toBe(0.6);
  });
});

describe('walkRankingPairs', () => {
  it('credits the prior when it lifts a continuation page above an unrelated page', () => {
    // 3 (evidence, 0.1) trails 5 (not evidence, 0.2) by its own score; 0.5 × 0.9 from page 2 puts it ahead.
    const q = question({ 2: 0.9, 3: 0.1, 5: 0.2 });
    expect(walkRankingPairs(q, 0.5, 0)).toEqual({ wins: 1, pairs: 2 });
    expect(walkRankingPairs(q, 0.5, 0.5)).toEqual({ wins: 2, pairs: 2 });
  });

  it('never ranks an IRRELEVANT page above a RELEVANT one', () => {
    const q = { ...question({ 1: 0.4, 2: 0.9, 3: 0.1, 5: 0.6 }), evidence: new Set([5]) };
    // 5 is RELEVANT: first whatever the prior lends 1 and 3.
    expect(walkRankingPairs(q, 0.5, 1)).toEqual({ wins: 2, pairs: 3 });
  });
});

describe('evidenceNextToRelevantEvidence', () => {
  it('counts evidence pages next to RELEVANT evidence, and those below the threshold', () => {
    expect(evidenceNextToRelevantEvidence([question({ 2: 0.9, 3: 0.1 })], 0.5)).toEqual({
      pages: 1,
      below: 1,
      rate: 1,
    });
    expect(evidenceNextToRelevantEvidence([question({ 2: 0.9, 3: 0.7 })], 0.5)).toEqual({
      pages: 2,
      below: 0,
      rate: 0,
    });
  });
});
