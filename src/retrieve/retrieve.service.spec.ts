import { DocumentErrorCode } from '../document/document.errors';
import type { LlmService } from '../llm/llm.service';
import type { RankerNeeds, RankerRegistry } from './rankers/ranker';
import { RetrieveErrorCode } from './retrieve.errors';
import { STRATEGIES } from './retrieve.types';
import { crossEncoded, FakeRanker, registry, request, serviceOver } from './testing/retrieve-service-fakes';

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
