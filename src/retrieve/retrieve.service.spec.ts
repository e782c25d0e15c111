import { DocumentErrorCode } from '../document/document.errors';
import type { BBox } from '../document/document-model';
import type { CrossEncoderReranker } from '../embed/cross-encoder';
import type { Embedder } from '../embed/embedder';
import type { FolioConfig } from '../config/folio-config';
import type { DocumentRepository } from '../graph/document.repository';
import type { LlmService } from '../llm/llm.service';
import { NamedPagesService } from './named-pages.service';
import { PageReranker } from './rankers/page-reranker';
import type { RankRequest, Ranker, RankerNeeds, RankerRegistry, Ranking } from './rankers/ranker';
import { RetrieveErrorCode } from './retrieve.errors';
import type { RetrieveRepository } from './retrieve.repository';
import { RetrieveService } from './retrieve.service';
import { DocumentRouter } from './routing/document-router';
import type { RoutingSignal, SignalHit } from './routing/document-routing';
import { DocumentVocabularies } from './document-vocabularies';
import type { RoutingRepository } from './routing/routing.repository';
import { SearchScopeService } from './routing/search-scope.service';
import { STRATEGIES, type SearchRequest, type Strategy } from './retrieve.types';

/** A ranker that returns pages 1..n of document 'd' in order and records what it was asked. */
class FakeRanker<S extends Strategy> implements Ranker<S> {
  readonly requests: RankRequest[] = [];
  constructor(
    readonly strategy: S,
    readonly needs: RankerNeeds,
    private readonly extra: Partial<Ranking> = {},
  ) {}

  async rank(req: RankRequest): Promise<Ranking> {
    this.requests.push(req);
    const pages = Array.from({ length: req.k }, (_, i) => ({
      docId: 'd',
      pageNumber: i + 1,
      score: 1 - i / 100,
      elements: [
        {
          elementId: `e${i + 1}`,
          kind: 'paragraph',
          text: `page ${i + 1}`,
          bbox: [0, 0, 1, 1] as BBox,
          score: 1,
        },
      ],
    }));
    return {
      pages,
      reason: this.strategy.toLowerCase(),
      trace: [`${this.strategy} ranked`],
      steps: [],
      timings: [{ stage: 'fake', ms: 1 }],
      warnings: [],
      walk: { visited: 0, judged: 0, judgeCalls: 0 },
      ...this.extra,
    };
  }
}

/** The signals route-documents-text reads (the fake repository splits the test's hits the same way). */
const TEXT_SIGNALS: ReadonlySet<RoutingSignal> = new Set(['title', 'outline', 'passage-text']);
const crossEncoded: RankerNeeds = { rerank: 'cross-encoder', enrichment: [], warningsInTrace: true };

function registry(overrides: Partial<{ [S in Strategy]: FakeRanker<S> }> = {}) {
  const all = Object.fromEntries(
    STRATEGIES.map((s) => [s, overrides[s] ?? new FakeRanker(s, crossEncoded)]),
  ) as unknown as { [S in Strategy]: FakeRanker<S> };
  return all;
}

/** The service over fake rankers; the cross-encoder prefers later pages, so a re-ranked list changes order. */
function serviceOver(
  rankers: RankerRegistry,
  llm: Partial<LlmService> = { enabled: false },
  routing: { on: boolean; hits?: SignalHit[]; filtered?: string[] } = { on: false },
  spelling: { knowsWord?: (word: string) => boolean; pageText?: string } = {},
) {
  const scored: string[][] = [];
  const embedded: string[] = [];
  const repo = {
    documentVersions: async (docIds: string[]) => docIds.map((docId) => ({ docId, version: 'v1' })),
    documentPageTexts: async (docIds: string[]) =>
      docIds.map((docId) => ({ docId, pageNumber: 1, text: spelling.pageText ?? '' })),
    pagePassages: async (pages: Array<{ docId: string; pageNumber: number }>) =>
      pages.map((p) => ({ ...p, text: `text of ${p.pageNumber}` })),
    pageNumbering: async () => ({ pageCount: 20, furniture: [] }),
    captionedPages: async () => [],
    namedStatementPages: async () => [],
    namedPages: async (q: { docId: string; pageNumbers: number[] }) =>
      q.pageNumbers.map((n) => ({ docId: q.docId, pageNumber: n, score: 0.5, elements: [] })),
  } as unknown as RetrieveRepository;
  const crossEncoder = {
    score: async (_query: string, passages: string[]) => {
      scored.push(passages);
      return passages.map((_, i) => i / passages.length);
    },
  } as unknown as CrossEncoderReranker;
  const documents = {
    get: async (id: string) => (id === 'missing' ? null : { id }),
  } as unknown as DocumentRepository;
  const embedder = {
    embedQuery: async (text: string) => (embedded.push(text), new Float32Array([0.5, 0.5])),
    knowsWord: spelling.knowsWord,
  } as unknown as Embedder;
  const routingRepo = {
    textHits: async () => (routing.hits ?? []).filter((h) => TEXT_SIGNALS.has(h.signal)),
    vectorHits: async () => (routing.hits ?? []).filter((h) => !TEXT_SIGNALS.has(h.signal)),
    filteredDocuments: async () => routing.filtered ?? [],
  } as unknown as RoutingRepository;
  const config = { retrieve: { routing: routing.on } } as FolioConfig;
  const scopes = new SearchScopeService(
    documents,
    routingRepo,
    new DocumentRouter(routingRepo, repo, llm as LlmService),
    config,
  );
  const service = new RetrieveService(
    rankers,
    new PageReranker(repo, crossEncoder, llm as LlmService),
    new NamedPagesService(repo),
    scopes,
    embedder,
    new DocumentVocabularies(repo),
  );
  return { service, scored, embedded };
}

const request = (strategy: Strategy, extra: Partial<SearchRequest> = {}): SearchRequest => ({
  query: 'what grew in 2023',
  strategy,
  scope: {},
  k: 3,
  ...extra,
});

describe('RetrieveService.search over rankers', () => {
  it("reads a scoped question's misspelt words as the document prints them, and searches that question", async () => {
    const rankers = registry();
    const words = new Set(['what', 'were', 'advertising', 'expenses']);
    const { service, embedded } = serviceOver(rankers, undefined, undefined, {
      knowsWord: (w) => words.has(w),
      pageText: 'Advertising expenses were $714.3 million in 2015.',
    });
    const scoped = { docIds: ['d'] };
    const result = await service.search(
      request('HYBRID', { query: 'What were advertsing expenses in 2015?', scope: scoped }),
    );
    expect(rankers.HYBRID.requests[0]!.query).toBe('What were advertising expenses in 2015?');
    expect(embedded).toEqual([
      'What were advertsing expenses in 2015?',
      'What were advertising expenses in 2015?',
    ]);
    expect(result.respelling?.corrections).toEqual([{ from: 'advertsing', to: 'advertising' }]);
    expect(result.trace).toContain('spelling: read "advertsing" as "advertising" (the document\'s spelling)');
    expect(result.timings.map((t) => t.stage)).toContain('spelling');

    // a question of known words reads no document for its spelling
    const spelt = await service.search(
      request('HYBRID', { query: 'What were advertising expenses in 2015?', scope: scoped }),
    );
    expect(spelt.respelling).toBeUndefined();
    expect(spelt.timings.map((t) => t.stage)).not.toContain('spelling');

    // unscoped, or with an embedder that knows no words, the question is searched as asked
    const unscoped = await service.search(request('HYBRID', { query: 'What were advertsing expenses?' }));
    expect(unscoped.respelling).toBeUndefined();
    const { service: remote } = serviceOver(registry(), undefined, undefined, { pageText: 'Advertising' });
    expect(
      (await remote.search(request('HYBRID', { query: 'advertsing', scope: scoped }))).respelling,
    ).toBeUndefined();
  });

  it('runs the ranker the strategy names, at the re-rank depth when RERANK follows, and returns k pages', async () => {
    const rankers = registry();
    const { service } = serviceOver(rankers);
    const plain = await service.search(request('HYBRID'));
    expect(rankers.HYBRID.requests.map((r) => r.k)).toEqual([3]);
    expect(plain.pages.map((p) => [p.pageNumber, p.reason])).toEqual([
      [1, 'hybrid'],
      [2, 'hybrid'],
      [3, 'hybrid'],
    ]);
    const reranked = await service.search(request('HYBRID', { rerank: true }));
    expect(rankers.HYBRID.requests.map((r) => r.k)).toEqual([3, 10]);
    expect(reranked.pages).toHaveLength(3);
    expect(rankers.VECTOR.requests).toHaveLength(0);
  });

  it('re-ranks with the cross-encoder, its order fused with the ranker’s, and times it', async () => {
    const { service, scored } = serviceOver(registry());
    const result = await service.search(request('VECTOR', { rerank: true }));
    expect(scored).toHaveLength(1);
    expect(scored[0]![0]).toBe('page 1\ntext of 1');
    // The cross-encoder scores page 10 best; fused with rank 10 of the ranker it lands behind page 1.
    expect(result.pages[0]!.reason).toBe('vector+cross-encoder');
    expect(result.pages.map((p) => p.pageNumber)).toEqual([1, 10, 2]);
    expect(result.timings.map((t) => t.stage)).toEqual(['embed-query', 'fake', 'rerank']);
    expect(result.trace).toContain('RERANK: cross-encoder relevance (0–1) over the top 10 pages');
  });

  it('leaves the pages of a ranker that judged them already as they are, and says so', async () => {
    const judged: RankerNeeds = { rerank: 'already-judged', enrichment: ['similar'], warningsInTrace: false };
    const { service, scored } = serviceOver(registry({ TRACE: new FakeRanker('TRACE', judged) }));
    const result = await service.search(request('TRACE', { rerank: true }));
    expect(scored).toHaveLength(0);
    expect(result.reranked).toBe(true);
    expect(result.pages.map((p) => [p.pageNumber, p.reason])).toEqual([
      [1, 'trace'],
      [2, 'trace'],
      [3, 'trace'],
    ]);
    expect(result.trace).toContain(
      'RERANK: not applied; TRACE has judged its pages already (cross-encoder or LLM)',
    );
  });

  it('scores pages with the LLM for a ranker that asks for LLM relevance, when a model is configured', async () => {
    const llmNeeds: RankerNeeds = { rerank: 'llm-relevance', enrichment: [], warningsInTrace: true };
    const asked: string[] = [];
    const llm = {
      enabled: true,
      relevance: async (input: { pageLabel: string }) => {
        asked.push(input.pageLabel);
        return { value: { score: input.pageLabel.endsWith('page 2') ? 0.9 : 0.1 }, source: 'llm' };
      },
    } as unknown as LlmService;
    const rankers = registry({ PARENT_PAGE: new FakeRanker('PARENT_PAGE', llmNeeds) });
    const { service, scored } = serviceOver(rankers, llm);
    const result = await service.search(request('PARENT_PAGE', { rerank: true }));
    expect(scored).toHaveLength(0);
    expect(asked).toHaveLength(10);
    expect(result.pages[0]).toMatchObject({ pageNumber: 2, score: 0.9, reason: 'parent_page+llm-relevance' });
    // Without a model the cross-encoder scores the same ranker's pages.
    const offline = serviceOver(rankers);
    await offline.service.search(request('PARENT_PAGE', { rerank: true }));
    expect(offline.scored).toHaveLength(1);
  });

  it('hands the whole ranking to the cross-encoder, labelled so and with a warning, when LLM relevance fails', async () => {
    const llmNeeds: RankerNeeds = { rerank: 'llm-relevance', enrichment: [], warningsInTrace: true };
    let calls = 0;
    const llm = {
      enabled: true,
      // The third page's call fails: LlmService then answers offline with a warning.
      relevance: async () =>
        ++calls === 3
          ? { value: { score: 0.5 }, source: 'offline', warning: 'LLM_UNAVAILABLE: HTTP 500' }
          : { value: { score: 0.9 }, source: 'llm' },
    } as unknown as LlmService;
    const rankers = registry({ PARENT_PAGE: new FakeRanker('PARENT_PAGE', llmNeeds) });
    const { service, scored } = serviceOver(rankers, llm);
    const result = await service.search(request('PARENT_PAGE', { rerank: true }));
    expect(scored).toHaveLength(1);
    expect(result.pages.map((p) => p.reason)).toEqual(Array(3).fill('parent_page+cross-encoder'));
    expect(result.warnings).toEqual([
      'LLM relevance failed (LLM_UNAVAILABLE: HTTP 500); the cross-encoder re-ranked the pages instead.',
    ]);
    expect(result.trace).toContain('RERANK: cross-encoder relevance (0–1) over the top 10 pages');
  });

  it('traces warnings unless the ranker’s own trace carries them, and reports the walk’s cost', async () => {
    const walk = { visited: 7, judged: 4, judgeCalls: 2 };
    const warned = { warnings: ['no SIMILAR_TO edges'], walk };
    const rankers = registry({
      GRAPH: new FakeRanker('GRAPH', crossEncoded, warned),
      TRACE: new FakeRanker('TRACE', { ...crossEncoded, warningsInTrace: false }, warned),
    });
    const { service } = serviceOver(rankers);
    const graph = await service.search(request('GRAPH'));
    expect(graph.trace.at(-1)).toBe('warning: no SIMILAR_TO edges');
    expect(graph.warnings).toEqual(['no SIMILAR_TO edges']);
    expect(graph.cost).toMatchObject({ pagesVisited: 7, pagesJudged: 4, judgeCalls: 2 });
    const trace = await service.search(request('TRACE'));
    expect(trace.trace.some((l) => l.startsWith('warning:'))).toBe(false);
    expect(trace.warnings).toEqual(['no SIMILAR_TO edges']);
  });

  it('refuses an empty query, a bad k and a missing document before any ranker runs', async () => {
    const rankers = registry();
    const { service } = serviceOver(rankers);
    await expect(service.search(request('VECTOR', { query: '  ' }))).rejects.toMatchObject({
      code: RetrieveErrorCode.EMPTY_QUERY,
    });
    await expect(service.search(request('VECTOR', { k: 51 }))).rejects.toMatchObject({
      code: RetrieveErrorCode.BAD_K,
    });
    await expect(service.search(request('VECTOR', { scope: { docIds: ['missing'] } }))).rejects.toMatchObject(
      {
        code: DocumentErrorCode.DOCUMENT_NOT_FOUND,
      },
    );
    expect(rankers.VECTOR.requests).toHaveLength(0);
  });

  const hit = (docId: string, signal: SignalHit['signal'], score: number, pageNumber: number | null = null) =>
    ({ docId, title: `title of ${docId}`, signal, score, pageNumber, evidence: null }) satisfies SignalHit;

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

  it('compiles only a registry with every strategy’s own ranker', () => {
    const all = registry();
    const { G2: _g2, ...withoutG2 } = all;
    // @ts-expect-error G2 has no ranker
    const missing: RankerRegistry = withoutG2;
    // @ts-expect-error VECTOR's ranker filed under G2
    const misfiled: RankerRegistry = { ...all, G2: all.VECTOR };
    expect([missing, misfiled]).toHaveLength(2);
    expect(Object.keys(all).sort()).toEqual([...STRATEGIES].sort());
  });
});
