import type { PageHit } from '../retrieve.types';
import {
  ESCAPE_MARGIN,
  escapingPages,
  fuseDocuments,
  mergeEscapes,
  ROUTING_RRF_K,
  routingTrace,
  type SignalHit,
} from './document-routing';

const hit = (docId: string, signal: SignalHit['signal'], score: number, pageNumber: number | null = null) =>
  ({
    docId,
    title: `Title ${docId}`,
    signal,
    score,
    pageNumber,
    evidence: `${signal} of ${docId}`,
  }) satisfies SignalHit;

const page = (docId: string, pageNumber: number): PageHit => ({
  docId,
  pageNumber,
  score: 1,
  reason: 'graph',
  hop: 0,
  elements: [],
});

describe('fuseDocuments', () => {
  it('ranks documents by weighted reciprocal ranks, whatever scale each signal scores on', () => {
    const fused = fuseDocuments([
      hit('a', 'title', 12.5),
      hit('b', 'title', 3.1),
      hit('b', 'passage', 0.81, 4),
      hit('a', 'passage', 0.79, 9),
      hit('c', 'outline', 40),
    ]);
    expect(fused.map((d) => d.docId)).toEqual(['a', 'b', 'c']);
    expect(fused[0]!.score).toBeCloseTo(1 / (ROUTING_RRF_K + 1) + 1 / (ROUTING_RRF_K + 2));
    // Section titles count half: rank 1 in outline alone scores below rank 2 in two whole-document signals.
    expect(fused[2]!.score).toBeCloseTo(0.5 / (ROUTING_RRF_K + 1));
    expect(fused[0]!.signals.map((s) => [s.signal, s.rank])).toEqual([
      ['title', 1],
      ['passage', 2],
    ]);
    expect(fused[1]!.bestPage).toEqual({ pageNumber: 4, similarity: 0.81 });
    expect(fused[2]!.bestPage).toBeNull();
  });

  it('is empty without hits', () => {
    expect(fuseDocuments([])).toEqual([]);
  });
});

describe('escapingPages and mergeEscapes', () => {
  const considered = fuseDocuments([
    hit('a', 'title', 9),
    hit('a', 'passage', 0.6, 2),
    hit('b', 'title', 8),
    hit('x', 'passage', 0.6 + ESCAPE_MARGIN + 0.01, 5),
    hit('y', 'passage', 0.6 + ESCAPE_MARGIN - 0.01, 6),
  ]);

  it('lets through only an unrouted page that beats the routed best passage by the margin', () => {
    expect(escapingPages(considered, new Set(['a', 'b']))).toEqual([
      { docId: 'x', pageNumber: 5, similarity: expect.closeTo(0.66, 5) },
    ]);
    // A routed document's page never escapes, however good.
    expect(escapingPages(considered, new Set(['a', 'x']))).toEqual([]);
  });

  it('places escaped pages behind the routed best page and never lists a page twice', () => {
    const merged = mergeEscapes([page('a', 2), page('a', 3), page('b', 1)], [page('x', 5), page('a', 3)]);
    expect(merged.map((p) => `${p.docId}${p.pageNumber}`)).toEqual(['a2', 'x5', 'a3', 'b1']);
    expect(mergeEscapes([], [page('x', 5)]).map((p) => p.docId)).toEqual(['x']);
  });

  it('traces each considered document: chosen or passed over, score and signals', () => {
    const lines = routingTrace(considered, new Set(['a', 'b']));
    expect(lines[0]).toMatch(/^routing: chose document a "Title a" \(#1, score 0\.\d{3}\) from title #1/);
    expect(lines.find((l) => l.includes('document y'))).toMatch(/^routing: passed over .* passage #2/);
  });
});

describe('filter candidates', () => {
  it('rank a document the filter admitted but no index ranked after every document an index found', () => {
    const fused = fuseDocuments([hit('a', 'filter', 0), hit('b', 'filter', 0), hit('b', 'passage', 0.4, 1)]);
    expect(fused.map((d) => [d.docId, d.score])).toEqual([
      ['b', 1 / (ROUTING_RRF_K + 1)],
      ['a', 0],
    ]);
  });
});
