import type { PageHit } from '../retrieve.types';
import { pageHit } from '../testing/search-builders';
import {
  ESCAPE_MARGIN,
  escapingPages,
  fuseDocuments,
  kindNamed,
  mergeEscapes,
  PASSAGE_VOTERS,
  ROUTING_RRF_K,
  SIGNAL_WEIGHTS,
  VOTES_PER_DOCUMENT,
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

const page = (docId: string, pageNumber: number): PageHit =>
  pageHit(pageNumber, { docId, score: 1, reason: 'graph' });

describe('kindNamed', () => {
  // a slide deck named by the question, not the verb "slide"
  it.each([
    ['What does the timeline in the slides show for 2019?', 'SLIDES'],
    ['Which chart is on slide 7?', 'SLIDES'],
    ['Who made this pitch deck?', 'SLIDES'],
    ['What is the main claim of the presentation?', 'SLIDES'],
    ['How do you slide the cover off the battery?', null],
    ['What does the annual report say about freight costs?', null],
  ])('reads in %j the kind %j', (question, kind) => {
    expect(kindNamed(question)).toBe(kind);
  });
});

describe('fuseDocuments', () => {
  const K = ROUTING_RRF_K;

  it('gives the documents of the kind the question names the kind signal, at rank 1', () => {
    const hits = [
      { ...hit('report', 'passage', 0.82, 4), kind: 'TEXT' as const },
      { ...hit('deck', 'passage', 0.8, 2), kind: 'SLIDES' as const },
    ];
    expect(fuseDocuments(hits).map((d) => d.docId)).toEqual(['report', 'deck']);
    const fused = fuseDocuments(hits, 'SLIDES');
    expect(fused.map((d) => d.docId)).toEqual(['deck', 'report']);
    expect(fused[0]!.score).toBeCloseTo(1 / (K + 2) + SIGNAL_WEIGHTS.kind / (K + 1));
    expect(fused[0]!.signals[0]).toEqual({ signal: 'kind', rank: 1, evidence: 'the question names slides' });
    expect(fused[1]!.signals.map((s) => s.signal)).toEqual(['passage']);
  });

  it('lets every top passage vote for its document, and a document signal count its best hit once', () => {
    const fused = fuseDocuments([
      hit('a', 'passage', 0.81, 4),
      hit('b', 'passage', 0.8, 2),
      hit('b', 'passage', 0.79, 3),
      hit('b', 'passage-text', 7.5, 3),
      hit('a', 'title', 12.5),
      hit('a', 'title', 11), // a second title hit of the same document does not count again
      hit('c', 'title', 3.1),
      hit('c', 'outline', 40),
    ]);
    expect(fused.map((d) => d.docId)).toEqual(['b', 'a', 'c']);
    expect(fused[0]!.score).toBeCloseTo(1 / (K + 2) + 1 / (K + 3) + 1 / (K + 1));
    expect(fused[1]!.score).toBeCloseTo(1 / (K + 1) + SIGNAL_WEIGHTS.title / (K + 1));
    expect(fused[2]!.score).toBeCloseTo(SIGNAL_WEIGHTS.title / (K + 2) + SIGNAL_WEIGHTS.outline / (K + 1));
    // The trace lists each signal once, at the rank of the document's best hit in it.
    expect(fused[0]!.signals.map((s) => [s.signal, s.rank])).toEqual([
      ['passage-text', 1],
      ['passage', 2],
    ]);
    expect(fused[0]!.bestPage).toEqual({ pageNumber: 2, similarity: 0.8 });
    expect(fused[2]!.bestPage).toBeNull();
  });

  it('counts a document at most VOTES_PER_DOCUMENT times per passage signal, so length alone does not win', () => {
    const long = Array.from({ length: 10 }, (_, i) => hit('long', 'passage', 0.8 - i * 0.01, i + 1));
    // A two-page document holding the best passage by vector and by words, and its other page too.
    const fused = fuseDocuments([
      hit('short', 'passage', 0.9, 1),
      hit('short', 'passage', 0.85, 2),
      hit('short', 'passage-text', 9, 1),
      ...long,
    ]);
    const longScore = Array.from({ length: VOTES_PER_DOCUMENT }, (_, i) => 1 / (K + i + 3)).reduce(
      (a, b) => a + b,
    );
    expect(fused.find((d) => d.docId === 'long')!.score).toBeCloseTo(longScore);
    expect(fused[0]!.docId).toBe('short');
  });

  it('counts only the first PASSAGE_VOTERS passages of a signal', () => {
    const hits = Array.from({ length: PASSAGE_VOTERS }, (_, i) =>
      hit('a', 'passage', 0.9 - i * 0.001, i + 1),
    );
    const fused = fuseDocuments([...hits, hit('late', 'passage', 0.1, 1)]);
    expect(fused.map((d) => d.docId)).toEqual(['a']);
  });

  it('ranks a document many top passages speak for above one with a single better passage', () => {
    const fused = fuseDocuments([
      hit('lucky', 'passage', 0.9, 1),
      ...[0.89, 0.88, 0.87].map((s, i) => hit('steady', 'passage', s, i + 1)),
    ]);
    expect(fused.map((d) => d.docId)).toEqual(['steady', 'lucky']);
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
