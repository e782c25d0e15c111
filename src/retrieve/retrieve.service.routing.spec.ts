import { RetrieveErrorCode } from './retrieve.errors';
import { hit, registry, request, serviceOver } from './testing/retrieve-service-fakes';

// An unscoped search is routed: the ranker searches the top documents, named pages are read in each, the best page
// of an unrouted document may join, and a filter narrows the documents routed among.

describe('RetrieveService.search, routed', () => {
  it('routes an unscoped search: the ranker searches the top documents, the trace says which and why', async () => {
    const rankers = registry();
    const hits = [
      hit('a', 'title', 9),
      hit('a', 'passage', 0.8, 3),
      hit('b', 'passage', 0.7, 1),
      hit('c', 'summary', 0.6),
      hit('d', 'passage', 0.5, 2),
      hit('e', 'passage', 0.4, 2),
    ];
    const { service } = serviceOver(rankers, { enabled: false }, { on: true, hits });
    const result = await service.search(request('HYBRID'));
    // Passages vote: b and d, found by their passages, rank above c, which only a summary names.
    expect(rankers.HYBRID.requests[0]!.docIds).toEqual(['a', 'b', 'd']);
    expect(result.trace).toContain('routing: 5 document(s) considered, 3 searched');
    expect(result.trace.find((l) => l.includes('document a '))).toMatch(
      /^routing: chose document a .*title #1/,
    );
    expect(result.trace.find((l) => l.includes('document e '))).toMatch(/^routing: passed over/);
    // The word signals are read while the question is embedded: the stages overlap, so only their set is fixed.
    expect(result.timings.map((t) => t.stage).sort()).toEqual(
      ['embed-query', 'fake', 'route-documents', 'route-text'].sort(),
    );
    // Off for this request: the ranker sees the whole corpus.
    await service.search(request('HYBRID', { routing: false }));
    expect(rankers.HYBRID.requests[1]!.docIds).toBeNull();
  });

  it('reads the page a routed question names in each routed document, the first routed first', async () => {
    const rankers = registry();
    const hits = [hit('a', 'title', 9), hit('a', 'passage', 0.8, 3), hit('b', 'passage', 0.7, 1)];
    const { service } = serviceOver(rankers, { enabled: false }, { on: true, hits });
    const result = await service.search(request('GRAPH', { query: 'what does the chart on page 7 show' }));
    expect(rankers.GRAPH.requests[0]!.docIds).toEqual(['a', 'b']);
    expect(result.pages.slice(0, 2).map((p) => `${p.docId}#${p.pageNumber}`)).toEqual(['a#7', 'b#7']);
    // unrouted, the corpus is no one document: no page is read as named
    const unrouted = await service.search(
      request('GRAPH', { query: 'what does the chart on page 7 show', routing: false }),
    );
    expect(unrouted.pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
  });

  it('lets the best page of an unrouted document through behind the routed best page', async () => {
    const rankers = registry();
    const hits = [
      // a, b and c win by their passages' votes (by vector and by words) and titles; z has one passage only,
      // though by vector it is the nearest page of all
      hit('a', 'title', 9),
      hit('a', 'passage', 0.5, 3),
      hit('a', 'passage-text', 3, 3),
      hit('b', 'title', 8),
      hit('b', 'passage', 0.45, 1),
      hit('b', 'passage-text', 2, 1),
      hit('c', 'title', 7),
      hit('c', 'passage', 0.4, 2),
      hit('c', 'passage-text', 1, 2),
      hit('z', 'passage', 0.9, 7),
    ];
    const { service } = serviceOver(rankers, { enabled: false }, { on: true, hits });
    const result = await service.search(request('GRAPH'));
    expect(rankers.GRAPH.requests[0]!.docIds).toEqual(['a', 'b', 'c']);
    expect(result.pages.map((p) => [p.docId, p.pageNumber, p.reason])).toEqual([
      ['d', 1, 'graph'],
      ['z', 7, 'routing-escape'],
      ['d', 2, 'graph'],
    ]);
    expect(result.trace.some((l) => l.startsWith('routing: let through p. 7 of unrouted document z'))).toBe(
      true,
    );
  });

  it('gives an empty result, not an error, when no READY document is in scope', async () => {
    const rankers = registry();
    const routed = serviceOver(rankers, { enabled: false }, { on: true, hits: [] });
    const empty = await routed.service.search(request('GRAPH'));
    expect(empty.pages).toEqual([]);
    expect(empty.trace).toContain('routing: no READY document in scope; nothing to search');
    const filtered = serviceOver(rankers, { enabled: false }, { on: false, filtered: [] });
    const none = await filtered.service.search(
      request('GRAPH', { scope: { filter: { titleContains: 'x' } } }),
    );
    expect(none.pages).toEqual([]);
    expect(none.trace).toContain('scope: no READY document matches the filter; nothing to search');
    expect(rankers.GRAPH.requests).toHaveLength(0);
  });

  it('searches the documents a filter admits, routing only among them', async () => {
    const rankers = registry();
    const few = serviceOver(rankers, { enabled: false }, { on: true, filtered: ['f1', 'f2'] });
    await few.service.search(request('VECTOR', { scope: { filter: { tags: ['finance'] } } }));
    expect(rankers.VECTOR.requests[0]!.docIds).toEqual(['f1', 'f2']);
    await expect(
      few.service.search(request('VECTOR', { scope: { filter: { ingestedAfter: 'yesterday' } } })),
    ).rejects.toMatchObject({ code: RetrieveErrorCode.BAD_FILTER });
    expect(rankers.VECTOR.requests).toHaveLength(1);
  });
});
