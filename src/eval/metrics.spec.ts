import {
  dedupeRanking,
  hopsFromPages,
  latencySummary,
  scoreQuestion,
  scoreUnanswerableDetection,
  summarize,
} from './metrics';

const pages = (docId: string, numbers: number[]) => numbers.map((pageNumber) => ({ docId, pageNumber }));
const LOG2_3 = Math.log2(3);

describe('scoreQuestion', () => {
  it('scores a single-hop question by the rank of its one evidence page', () => {
    const m = scoreQuestion(pages('d', [5, 2, 7, 9]), { docId: 'd', hops: [[2]] });
    expect(m.hit).toEqual({ 1: 0, 3: 1, 5: 1, 10: 1 });
    expect(m.anyHit).toEqual(m.hit);
    expect(m.recall).toEqual({ 1: 0, 3: 1, 5: 1, 10: 1 });
    expect(m.precision[1]).toBe(0);
    expect(m.precision[3]).toBeCloseTo(1 / 3);
    expect(m.precision[5]).toBeCloseTo(1 / 5);
    // precision divides by k even when fewer than k pages came back
    expect(m.precision[10]).toBeCloseTo(1 / 10);
    expect(m.ndcg[1]).toBe(0);
    expect(m.ndcg[3]).toBeCloseTo(1 / LOG2_3); // 0.6309: DCG 1/log2(3), ideal DCG 1
    expect(m.ndcg[10]).toBeCloseTo(1 / LOG2_3);
  });

  it('counts a multi-hop hit only when every hop is found (DOUBLE-BENCH rule)', () => {
    const m = scoreQuestion(pages('d', [3, 8, 1, 5, 6]), { docId: 'd', hops: hopsFromPages([3, 5]) });
    expect(m.anyHit).toEqual({ 1: 1, 3: 1, 5: 1, 10: 1 });
    expect(m.hit).toEqual({ 1: 0, 3: 0, 5: 1, 10: 1 });
    expect(m.recall).toEqual({ 1: 0.5, 3: 0.5, 5: 1, 10: 1 });
    expect(m.precision[1]).toBe(1);
    expect(m.precision[5]).toBeCloseTo(2 / 5);
  });

  it('computes NDCG against an ideal ranking of min(k, |relevant|) pages', () => {
    const m = scoreQuestion(pages('d', [3, 8, 1, 5, 6]), { docId: 'd', hops: hopsFromPages([3, 5]) });
    // k=1: DCG 1, ideal 1
    expect(m.ndcg[1]).toBeCloseTo(1);
    // k=3: DCG 1; ideal 1 + 1/log2(3) = 1.6309 → 0.6131
    expect(m.ndcg[3]).toBeCloseTo(1 / (1 + 1 / LOG2_3));
    expect(m.ndcg[3]).toBeCloseTo(0.6131, 4);
    // k=5: DCG 1 + 1/log2(5) = 1.4307 → 0.8772
    expect(m.ndcg[5]).toBeCloseTo((1 + 1 / Math.log2(5)) / (1 + 1 / LOG2_3));
    expect(m.ndcg[5]).toBeCloseTo(0.8772, 4);
  });

  it('gives 1 everywhere for a perfect ranking of three evidence pages', () => {
    const m = scoreQuestion(pages('d', [4, 9, 2]), { docId: 'd', hops: hopsFromPages([2, 4, 9]) });
    expect(m.ndcg).toEqual({ 1: 1, 3: 1, 5: 1, 10: 1 });
    expect(m.recall[3]).toBe(1);
    expect(m.recall[1]).toBeCloseTo(1 / 3);
    expect(m.hit[1]).toBe(0);
    expect(m.hit[3]).toBe(1);
  });

  it('lets a hop given as a set be found by any of its pages', () => {
    const m = scoreQuestion(pages('d', [7, 12]), {
      docId: 'd',
      hops: [
        [6, 7],
        [12, 13],
      ],
    });
    expect(m.hit[3]).toBe(1);
    // recall is still over all four relevant pages
    expect(m.recall[3]).toBe(0.5);
  });

  it('ignores pages of other documents and repeated pages', () => {
    const other = scoreQuestion(pages('other', [2]), { docId: 'd', hops: [[2]] });
    expect(other.hit[10]).toBe(0);
    const repeated = scoreQuestion(pages('d', [1, 1, 1, 2]), { docId: 'd', hops: [[2]] });
    expect(repeated.hit[1]).toBe(0);
    expect(repeated.hit[3]).toBe(1); // rank 2 after removing the repeats
    expect(repeated.ndcg[3]).toBeCloseTo(1 / LOG2_3);
  });

  it('scores an empty ranking as zero and refuses a question without evidence', () => {
    const m = scoreQuestion([], { docId: 'd', hops: [[1]] });
    expect(m.recall).toEqual({ 1: 0, 3: 0, 5: 0, 10: 0 });
    expect(m.ndcg).toEqual({ 1: 0, 3: 0, 5: 0, 10: 0 });
    expect(() => scoreQuestion(pages('d', [1]), { docId: 'd', hops: [] })).toThrow(/unanswerable/);
  });
});

describe('hopsFromPages / dedupeRanking', () => {
  it('makes one hop per distinct evidence page', () => {
    expect(hopsFromPages([3, 5, 3])).toEqual([[3], [5]]);
  });
  it('keeps the first occurrence of each page', () => {
    expect(dedupeRanking(pages('d', [2, 1, 2, 3]))).toEqual(pages('d', [2, 1, 3]));
  });
});

describe('summarize', () => {
  it('averages each metric over the questions', () => {
    const a = scoreQuestion(pages('d', [1]), { docId: 'd', hops: [[1]] });
    const b = scoreQuestion(pages('d', [9]), { docId: 'd', hops: [[1]] });
    const s = summarize([a, b]);
    expect(s.n).toBe(2);
    expect(s.hit[1]).toBe(0.5);
    expect(s.ndcg[1]).toBe(0.5);
    expect(summarize([]).recall[3]).toBe(0);
  });
});

describe('latencySummary', () => {
  it('reports the mean and the nearest-rank p95', () => {
    const s = latencySummary(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(s.meanMs).toBe(10.5);
    expect(s.p95Ms).toBe(19);
    expect(s.p50Ms).toBe(10);
    expect(latencySummary([100]).p95Ms).toBe(100);
    expect(latencySummary([])).toEqual({ n: 0, meanMs: 0, p50Ms: 0, p95Ms: 0 });
  });
});

describe('scoreUnanswerableDetection', () => {
  it('treats "unanswerable" as the positive class', () => {
    const s = scoreUnanswerableDetection([
      { goldAnswerable: false, predictedAnswerable: false }, // TP
      { goldAnswerable: false, predictedAnswerable: true }, // FN
      { goldAnswerable: true, predictedAnswerable: false }, // FP
      { goldAnswerable: true, predictedAnswerable: true }, // TN
      { goldAnswerable: true, predictedAnswerable: true }, // TN
    ]);
    expect(s.n).toBe(5);
    expect(s.unanswerable).toBe(2);
    expect(s.accuracy).toBeCloseTo(3 / 5);
    expect(s.precision).toBe(0.5);
    expect(s.recall).toBe(0.5);
    expect(s.f1).toBe(0.5);
  });

  it('is zero, not NaN, when nothing is flagged', () => {
    const s = scoreUnanswerableDetection([{ goldAnswerable: true, predictedAnswerable: true }]);
    expect(s).toMatchObject({ precision: 0, recall: 0, f1: 0, accuracy: 1 });
  });
});
