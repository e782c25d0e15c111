// TRACE on the real Neo4j with the real embedder and cross-encoder: a report whose annual results run from one
// page onto the next, where the second page (staffing figures, none of the question's words) is linked to the
// first by NEXT_PAGE alone. Offline, then with an LLM (the local fake OpenAI server) and its failures.
import { loadConfig } from '../../../src/config/folio-config';
import { EnrichModule } from '../../../src/enrich/enrich.module';
import { EnrichService } from '../../../src/enrich/enrich.service';
import { RetrieveRepository } from '../../../src/retrieve/retrieve.repository';
import type { SearchResult } from '../../../src/retrieve/retrieve.types';
import { TRACE_WALK_PRIOR } from '../../../src/retrieve/trace/trace-run';
import {
  delay,
  FakeOpenAiServer,
  json,
  malformed,
  startFakeOpenAiServer,
} from '../../support/fake-openai-server';
import {
  createFolioTestModule,
  createIngestContext,
  IngestContext,
  uniqueCopy,
} from '../../support/ingest-context';
import { FALCON_REPORT_PAGES } from '../../support/falcon-report';
import { makeTextPdf } from '../../support/make-pdf';

const PAGES = FALCON_REPORT_PAGES;
const RESULTS = 'What were the annual results of the Falcon project, including its staff?';
const TWO_PARTS =
  'What were the annual results of the Falcon project, and who leads the Falcon project team?';

/** Pages judged per sub-query, from the trace's "qN judge: p.1, p.4 in …" lines. */
function judgedPerSubQuery(result: SearchResult): Map<string, string[]> {
  const judged = new Map<string, string[]>();
  for (const line of result.trace) {
    const m = /^ {2}(q\d+) judge: (.+) in /.exec(line);
    if (m) judged.set(m[1]!, [...(judged.get(m[1]!) ?? []), ...m[2]!.split(', ')]);
  }
  return judged;
}

describe('TRACE walks the page graph', () => {
  let ctx: IngestContext;
  let docId: string;
  const search = (query: string, extra: Partial<Parameters<IngestContext['retrieve']['search']>[0]> = {}) =>
    ctx.retrieve.search({ query, strategy: 'TRACE', scope: { docIds: [docId] }, k: 9, ...extra });

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-trace`;
    await ctx.ingest.ingest(uniqueCopy(await makeTextPdf(PAGES)), { fileName: 'falcon-trace.pdf', docId });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  describe('offline (cross-encoder judge)', () => {
    // Both result pages are in the top 5, where VECTOR's top 5 has one.
    it('finds both result pages where VECTOR finds one, and the trace lists the NEXT_PAGE hop', async () => {
      const trace = await search(RESULTS, { k: 5 });
      expect(trace.pages.map((p) => p.pageNumber)).toEqual(expect.arrayContaining([4, 5]));
      expect(trace.pages.find((p) => p.pageNumber === 5)).toMatchObject({
        reason: 'trace:next-page',
        hop: 1,
        fromPage: 4,
      });
      expect(trace.pages.find((p) => p.pageNumber === 5)!.elements.length).toBeGreaterThan(0);
      expect(trace.trace.some((l) => /^ {2}q1 p\.5 ← next-page from p\.4 \(hop 1\): /.test(l))).toBe(true);
      expect(trace.trace.some((l) => /^ {2}q1 p\.4 ← seed #\d: RELEVANT/.test(l))).toBe(true);
      expect(trace.trace.at(-1)).toMatch(
        /\d+ pages visited, \d+ judged in \d+ cross-encoder and 0 LLM judge call/,
      );
      // This document was never enriched: the walk says so and names the command, instead of failing.
      expect(trace.trace.join('\n')).toContain(`npm run folio -- enrich ${docId} --stages similar`);
      expect(trace.warnings).toEqual([
        expect.stringContaining(`npm run folio -- enrich ${docId} --stages similar`),
      ]);
      // The same walk as data: the continuation page's step names its edge, source page and verdict.
      expect(trace.steps.find((s) => s.pageNumber === 4 && s.via === 'seed')).toMatchObject({
        subQuery: RESULTS,
        verdict: 'RELEVANT',
        judge: 'cross-encoder',
        fromPage: null,
      });
      expect(trace.steps.find((s) => s.pageNumber === 5)).toMatchObject({
        via: 'next-page',
        fromPage: 4,
        hop: 1,
        judge: 'cross-encoder',
      });
      expect(trace.steps.map((s) => s.step)).toEqual(trace.steps.map((_, i) => i + 1));
      expect(trace.cost.pagesVisited).toBe(trace.steps.length);
      expect(trace.cost.pagesJudged).toBeGreaterThanOrEqual(2);
      expect(trace.cost.judgeCalls).toBeGreaterThanOrEqual(2);
      expect(trace.cost).toMatchObject({ llmCalls: 0, promptTokens: 0, completionTokens: 0 });
      expect(trace.cost.stages.map((s) => s.stage)).toEqual(
        expect.arrayContaining(['embed-query', 'trace-judge', 'trace-seeds']),
      );
      expect(trace.timings.map((t) => t.stage)).toEqual(
        expect.arrayContaining(['trace-judge', 'trace-seeds']),
      );

      const vector = await ctx.retrieve.search({
        query: RESULTS,
        strategy: 'VECTOR',
        scope: { docIds: [docId] },
        k: 5,
      });
      expect(vector.pages.map((p) => p.pageNumber)).toContain(4);
      expect(vector.pages.map((p) => p.pageNumber)).not.toContain(5);
    });

    it('judges no page twice per sub-query and stays within ⌊N_total / N_sub⌋ pages each', async () => {
      const full = await search(TWO_PARTS);
      expect(full.trace).toContain('TRACE decomposition: offline rules');
      expect(full.trace.some((l) => l.includes('budget ⌊12/2⌋ = 6 page(s) each'))).toBe(true);
      const tight = await search(TWO_PARTS, { trace: { pageBudget: 4 } });
      for (const [result, budget] of [
        [full, 6],
        [tight, 2],
      ] as const) {
        const judged = judgedPerSubQuery(result);
        expect([...judged.keys()]).toEqual(['q1', 'q2']);
        for (const pages of judged.values()) {
          expect(new Set(pages).size).toBe(pages.length); // the blacklist: never judged again
          expect(pages.length).toBeLessThanOrEqual(budget);
        }
        const visits = result.trace.flatMap(
          (l) => /^ {2}(q\d+) (p\.\d+) ← /.exec(l)?.slice(1, 3).join(' ') ?? [],
        );
        expect(new Set(visits).size).toBe(visits.length);
      }
      expect(tight.trace.some((l) => /budget of 2 page\(s\) spent/.test(l))).toBe(true);
    });

    it('refuses a walk without the physical layer when the document has no SIMILAR_TO to walk instead', async () => {
      await expect(search(RESULTS, { trace: { physicalEdges: false } })).rejects.toMatchObject({
        code: 'ENRICHMENT_MISSING',
        message: expect.stringContaining(`npm run folio -- enrich ${docId} --stages similar`),
      });
    });

    it('without the physical layer the walk cannot reach the continuation page', async () => {
      const ablated = await search(RESULTS, { trace: { physicalEdges: false, semanticEdges: false } });
      expect(ablated.trace).toContain('  ablation: without semanticEdges, physicalEdges');
      expect(ablated.trace.some((l) => /next-page|previous-page/.test(l))).toBe(false);
      expect(ablated.pages.find((p) => p.pageNumber === 5)?.reason).not.toBe('trace:next-page');
      const rank = (r: SearchResult) => r.pages.findIndex((p) => p.pageNumber === 5);
      expect(rank(ablated)).toBeGreaterThan(rank(await search(RESULTS)));
    });

    it('keeps its order when asked to re-rank (the judge has scored every page already)', async () => {
      const result = await search(RESULTS, { k: 5, rerank: true });
      expect(result.trace.some((l) => l.startsWith('RERANK: not applied'))).toBe(true);
      expect(result.pages.map((p) => p.pageNumber)).toEqual(expect.arrayContaining([4, 5]));
    });
  });

  describe('with an LLM (fake OpenAI server)', () => {
    let server: FakeOpenAiServer;
    let llmCtx: IngestContext;
    const llmSearch = (query: string) =>
      llmCtx.retrieve.search({ query, strategy: 'TRACE', scope: { docIds: [docId] }, k: 9 });
    const irrelevant = json({ label: 'IRRELEVANT', analysis: 'Nothing about the question here.' });

    beforeAll(async () => {
      server = await startFakeOpenAiServer({ whenEmpty: irrelevant });
      const llm = loadConfig({
        ...process.env,
        FOLIO_LLM_BASE_URL: server.baseUrl,
        FOLIO_LLM_MODEL: 'fake-model',
        FOLIO_LLM_MAX_RETRIES: '1',
        FOLIO_LLM_TIMEOUT_MS: '1500',
      }).llm;
      llmCtx = await createIngestContext({ llm });
    });
    afterAll(async () => {
      await llmCtx.close();
      await server.close();
    });
    beforeEach(() => (server.requests.length = 0));

    it('decomposes and judges with the model; RELEVANT analyses become the memory later judgements see', async () => {
      server.enqueue(
        json({ subQueries: ['What were the annual results of the Falcon project?'] }),
        json({ label: 'RELEVANT', analysis: 'Revenue 41.2 million and an 18 percent margin.' }),
      );
      const result = await llmSearch(RESULTS);
      expect(result.trace).toContain('TRACE decomposition: LLM');
      expect(result.trace).toContain(
        '  q1: "What were the annual results of the Falcon project?" (9 seed candidates)',
      );
      const first = result.trace.find((l) => / ← seed #1: /.test(l))!;
      expect(first).toMatch(/RELEVANT 1\.000 \(llm\) — Revenue 41\.2 million/);
      const judged = [...judgedPerSubQuery(result).values()].flat();
      expect(server.chatRequests().length).toBe(1 + judged.length); // one decompose call, one call per page
      expect(result.trace.at(-1)).toMatch(
        new RegExp(`${judged.length} judged in 0 cross-encoder and ${judged.length} LLM`),
      );
      const later = server
        .chatRequests()
        .slice(2)
        .map((r) => JSON.stringify(r.body.messages));
      expect(later.length).toBeGreaterThan(0);
      for (const prompt of later) expect(prompt).toContain('Found on earlier pages');
      // Cost as data: every chat call and its tokens, one judge call per page, the LLM's verdicts in the steps.
      expect(result.cost.llmCalls).toBe(1 + judged.length);
      expect(result.cost.judgeCalls).toBe(judged.length);
      expect(result.cost.promptTokens).toBeGreaterThan(0);
      expect(result.steps[0]).toMatchObject({
        via: 'seed',
        verdict: 'RELEVANT',
        judge: 'llm',
        score: 1,
        subQuery: 'What were the annual results of the Falcon project?',
        reason: 'Revenue 41.2 million and an 18 percent margin.',
      });
      // The relevant seed leads; a page the walk reached from it ranks above the pages judged irrelevant.
      expect(result.pages[0]!.score).toBe(1);
      expect(result.pages[1]).toMatchObject({ hop: 1, score: TRACE_WALK_PRIOR });
    });

    it('falls back to the offline judge with a warning in the trace when the model sends malformed JSON', async () => {
      server.enqueue(malformed(), malformed(), malformed(), malformed());
      const result = await llmSearch(RESULTS);
      expect(result.trace.some((l) => /warning: The LLM decompose step failed.*offline rules/.test(l))).toBe(
        true,
      );
      expect(result.trace).toContain('TRACE decomposition: offline rules');
      expect(result.warnings.some((w) => /The LLM decompose step failed/.test(w))).toBe(true);
      expect(
        result.trace.some((l) =>
          /warning: p\.\d+: The LLM judge step failed .*the cross-encoder judged it instead/.test(l),
        ),
      ).toBe(true);
      expect(result.trace.some((l) => /← seed #1: (IR)?RELEVANT \d\.\d{3} \(cross-encoder\)/.test(l))).toBe(
        true,
      );
      expect(result.trace.at(-1)).toMatch(/judged in [1-9]\d* cross-encoder and [1-9]\d* LLM judge call/);
    });

    it('falls back to the offline judge when the model times out, and does not wait on it again', async () => {
      server.enqueue(delay(4000), delay(4000));
      const t0 = performance.now();
      const result = await llmSearch(RESULTS);
      expect(result.trace.some((l) => /warning: The LLM decompose step failed \(LLM_TIMEOUT\)/.test(l))).toBe(
        true,
      );
      const judgements = result.trace.filter((l) => / ← .*: (IR)?RELEVANT /.test(l));
      expect(judgements.length).toBeGreaterThan(0);
      expect(judgements.every((l) => l.includes('(cross-encoder)'))).toBe(true);
      expect(result.pages.map((p) => p.pageNumber).slice(0, 3)).toContain(4);
      expect(performance.now() - t0).toBeLessThan(30_000); // the breaker skips the model after the timeouts
    });
  });

  // Last: it adds SIMILAR_TO edges to this test's document, which the walks above run without.
  describe('after the enrich similar stage', () => {
    it('walks SIMILAR_TO edges too and no longer asks for enrichment', async () => {
      const module = await createFolioTestModule([EnrichModule]);
      try {
        await module.get(EnrichService).run(docId, { stages: ['similar'], params: { k: 3, tau: 0.3 } });
      } finally {
        await module.close();
      }
      const edges = await ctx.module
        .get(RetrieveRepository)
        .pageNeighbours({ pages: [{ docId, pageNumber: 4 }], similarK: 2 });
      const similar = edges.filter((e) => e.via === 'similar');
      expect(similar.length).toBeGreaterThan(0);
      expect(similar.length).toBeLessThanOrEqual(2);
      expect(
        edges
          .filter((e) => e.via !== 'similar')
          .map((e) => `${e.via} ${e.toPage}`)
          .sort(),
      ).toEqual(['next-page 5', 'previous-page 3']);
      const result = await search(RESULTS, { k: 5 });
      expect(result.trace.join('\n')).not.toContain('--stages similar');
      expect(result.pages.map((p) => p.pageNumber)).toEqual(expect.arrayContaining([4, 5]));
      expect(result.pages.find((p) => p.pageNumber === 5)).toMatchObject({
        reason: 'trace:next-page',
        fromPage: 4,
      });
    });
  });
});
