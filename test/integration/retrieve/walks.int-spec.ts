// DMAP and G2 on the real Neo4j with the real embedder and cross-encoder, on a small report whose annual results
// run from one page onto the next (the staffing page shares none of the question's words). Without enrichment
// both refuse with the enrich command; after the summaries and evolve stages they walk the document map and the
// content graph; with an LLM (the local fake OpenAI server) the plan and the checks come from the model, and
// malformed replies fall back offline with a warning in the trace.
import { presentError } from '../../../src/api/error-map';
import { loadConfig } from '../../../src/config/folio-config';
import { EMBEDDER } from '../../../src/embed/embed.tokens';
import type { Embedder } from '../../../src/embed/embedder';
import { EnrichModule } from '../../../src/enrich/enrich.module';
import { EnrichService } from '../../../src/enrich/enrich.service';
import { SummariesModule } from '../../../src/enrich/summaries/summaries.module';
import { DmapRepository } from '../../../src/retrieve/dmap/dmap.repository';
import { G2Repository } from '../../../src/retrieve/g2/g2.repository';
import { RetrieveError, RetrieveErrorCode } from '../../../src/retrieve/retrieve.errors';
import { RRF_K } from '../../../src/retrieve/retrieve.repository';
import type { Strategy } from '../../../src/retrieve/retrieve.types';
import { FakeOpenAiServer, json, malformed, startFakeOpenAiServer } from '../../support/fake-openai-server';
import {
  createFolioTestModule,
  createIngestContext,
  IngestContext,
  uniqueCopy,
} from '../../support/ingest-context';
import { FALCON_REPORT_PAGES } from '../../support/falcon-report';
import { makeTextPdf } from '../../support/make-pdf';

const PAGES = FALCON_REPORT_PAGES;
const RESULTS = 'What were the annual results of the Falcon project?';
const TWO_PARTS =
  'What were the annual results of the Falcon project, and who leads the Falcon project team?';
const STEP = /^ {2}q\d p\.\d+ ← /;

describe('DMAP and G2 walk the document map and the content graph', () => {
  let ctx: IngestContext;
  let docId: string;
  const search = (strategy: Strategy, query: string, c: IngestContext = ctx) =>
    c.retrieve.search({ query, strategy, scope: { docIds: [docId] }, k: 5 });

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-walks`;
    await ctx.ingest.ingest(uniqueCopy(await makeTextPdf(PAGES)), { fileName: 'falcon-walks.pdf', docId });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  it('refuses without the enrichment each needs, naming the folio enrich command', async () => {
    for (const [strategy, stage] of [
      ['DMAP', 'summaries'],
      ['G2', 'evolve'],
    ] as const) {
      const err = await search(strategy, RESULTS).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RetrieveError);
      expect(err).toMatchObject({ code: RetrieveErrorCode.ENRICHMENT_MISSING });
      expect(presentError(err).code).toBe('FAILED_PRECONDITION');
      expect((err as Error).message).toContain(`npm run folio -- enrich ${docId} --stages ${stage}`);
    }
  });

  describe('after the enrich summaries and evolve stages', () => {
    beforeAll(async () => {
      const module = await createFolioTestModule([EnrichModule, SummariesModule]);
      try {
        await module.get(EnrichService).run(docId, { stages: ['summaries', 'evolve'] });
      } finally {
        await module.close();
      }
    });

    it('the hop queries: the results paragraph leads to the staffing page by NEXT_ELEMENT, and has RELATES_TO links', async () => {
      const embedding = Array.from(
        await ctx.module
          .get<Embedder>(EMBEDDER)
          .embedQuery('Revenue reached 41.2 million; the staffing figures follow overleaf'),
      );
      const g2 = ctx.module.get(G2Repository);
      const seeds = await g2.seedElements({
        embedding,
        docIds: [docId],
        luceneQuery: null,
        candidates: 50,
        k: 5,
        rrfK: RRF_K,
        statementPages: [],
        statementPageWeight: 2,
        exclude: [],
      });
      const best = seeds.find((s) => s.text.includes('overleaf'));
      expect(best).toMatchObject({ pageNumber: 4, kind: 'paragraph' });
      const around = await g2.elementNeighbours({ elementIds: [best!.elementId], embedding });
      expect(around).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ via: 'next-element', pageNumber: 5, fromPage: 4 }),
        ]),
      );
      expect(around.some((n) => n.via === 'relates-to' && n.edgeScore > 0)).toBe(true);
      const expanded = await ctx.module
        .get(DmapRepository)
        .expandElements({ elementIds: [best!.elementId], embedding, perSection: 3 });
      expect(expanded).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ via: 'next-element', pageNumber: 5, fromPage: 4 }),
        ]),
      );
    });

    it('DMAP: the three paths by union, the answer pages judged, every page with evidence', async () => {
      const result = await search('DMAP', RESULTS);
      const paths = /^DMAP: structure (\d+) page\(s\).*text (\d+) .*→ (\d+) page\(s\) by union/.exec(
        result.trace.find((l) => l.startsWith('DMAP: structure')) ?? '',
      );
      expect(Number(paths?.[1])).toBeGreaterThan(0);
      expect(Number(paths?.[2])).toBeGreaterThan(0);
      expect(result.pages.slice(0, 3).map((p) => p.pageNumber)).toContain(4);
      expect(
        result.trace.some((l) => /^ {2}q1 p\.4 ← [a-z+]+: (IR)?RELEVANT \d\.\d{3} — cross-encoder/.test(l)),
      ).toBe(true);
      expect(result.trace.some((l) => /^DMAP check \(cross-encoder\): support \d\.\d{3} [≥<] /.test(l))).toBe(
        true,
      );
      // The evidence chain names the sub-query by its text (DMAP walks for the whole question), not "q1"; the
      // trace's "q1" is defined by that text before any step names it.
      const defined = result.trace.indexOf(`  q1: "${RESULTS}" (DMAP walks for the whole question)`);
      expect(defined).toBeGreaterThanOrEqual(0);
      expect(defined).toBeLessThan(result.trace.findIndex((l) => /^ {2}q1 p\./.test(l)));
      expect(result.steps.length).toBeGreaterThan(0);
      expect(new Set(result.steps.map((s) => s.subQuery))).toEqual(new Set([RESULTS]));
      for (const p of result.pages) {
        expect(p.reason).toMatch(/^dmap:/);
        expect(p.elements.length).toBeGreaterThan(0);
      }
      expect(result.timings.map((t) => t.stage)).toEqual(
        expect.arrayContaining(['dmap-paths', 'dmap-support']),
      );
    });

    it('G2: one readout per planned sub-question, each step with its edge', async () => {
      const result = await search('G2', TWO_PARTS);
      expect(result.trace).toContain('G2 plan: offline rules, 2 sub-question(s)');
      expect(
        result.trace.filter((l) => /^ {2}q\d readout: \d+ node\(s\)/.test(l)).map((l) => l.slice(2, 4)),
      ).toEqual(['q1', 'q2']);
      expect(result.trace.some((l) => /^ {2}q1 p\.\d+ ← seed: \d\.\d{3} — /.test(l))).toBe(true);
      expect(result.trace.some((l) => /^ {2}q\d check \(coverage \d\.\d{2}\): /.test(l))).toBe(true);
      // Each step names its sub-question by the text the plan printed for it ("  q1: \"…\""), not by its id.
      const planned = result.trace
        .map((l) => /^ {2}q\d: "(.+)"$/.exec(l)?.[1])
        .filter((q): q is string => q !== undefined);
      expect(planned).toHaveLength(2);
      expect(new Set(result.steps.map((s) => s.subQuery))).toEqual(new Set(planned));
      const top = result.pages.map((p) => p.pageNumber);
      expect(top).toEqual(expect.arrayContaining([4, 7]));
      for (const p of result.pages) expect(p.elements.length).toBeGreaterThan(0);
    });

    describe('with an LLM (fake OpenAI server)', () => {
      let server: FakeOpenAiServer;
      let llmCtx: IngestContext;

      beforeAll(async () => {
        server = await startFakeOpenAiServer({ whenEmpty: json({ sufficient: true, gaps: [] }) });
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

      it('G2 runs the model plan in topological order, the dependent question reading its dependency', async () => {
        server.enqueue(
          json({
            subQuestions: [
              { id: 'q1', question: 'What were the annual results of the Falcon project?', dependsOn: [] },
              { id: 'q2', question: 'Which staffing figures follow [q1]?', dependsOn: ['q1'] },
            ],
          }),
          json({ sufficient: true, gaps: [] }),
          json({ sufficient: false, gaps: ['employees at year end'] }),
        );
        const result = await search('G2', RESULTS, llmCtx);
        expect(result.trace).toContain('G2 plan: LLM, 2 sub-question(s)');
        expect(result.trace).toContain('  q2: "Which staffing figures follow [q1]?" (after q1, depth 2)');
        expect(result.trace).toContain('  q1 check (LLM): sufficient');
        expect(result.trace).toContain('  q2 check (LLM): gaps: "employees at year end"');
        expect(result.trace.some((l) => /^ {2}q2 refinement 1: /.test(l))).toBe(true);
        // The dependent sub-question was asked with its dependency's finding in place of [q1].
        const checks = server
          .chatRequests()
          .filter((r) => JSON.stringify(r.body.messages).includes('Which staffing'));
        expect(checks.length).toBeGreaterThan(0);
        expect(JSON.stringify(checks[0]!.body.messages)).not.toContain('[q1]');
      });

      it('DMAP reflects when the model says the answer pages miss something: it expands and answers again', async () => {
        server.enqueue(
          json({ sufficient: false, gaps: ['staff numbers'] }),
          json({ sufficient: true, gaps: [] }),
        );
        const result = await search('DMAP', RESULTS, llmCtx);
        expect(result.trace).toContain('DMAP check (LLM): gaps: staff numbers');
        expect(result.trace.some((l) => l.startsWith('DMAP reflect round 1: '))).toBe(true);
        expect(
          result.trace.some((l) =>
            /^ {2}q1 p\.\d+ ← (next-element|previous-element|section) from p\.\d+ \(hop 1\): (IR)?RELEVANT/.test(
              l,
            ),
          ),
        ).toBe(true);
        expect(result.trace.some((l) => l.startsWith('DMAP reflect round 2'))).toBe(false);
        expect(result.trace.filter((l) => STEP.test(l)).length).toBeGreaterThan(3);
      });

      it('falls back offline with a warning when the model sends malformed JSON', async () => {
        server.enqueue(malformed(), malformed(), malformed(), malformed());
        const result = await search('G2', RESULTS, llmCtx);
        expect(
          result.trace.some((l) =>
            /warning: The LLM plan step failed.*offline rules planned instead/.test(l),
          ),
        ).toBe(true);
        expect(result.trace).toContain('G2 plan: offline rules, 1 sub-question(s)');
        expect(
          result.trace.some((l) =>
            /warning: The LLM check step failed.*offline coverage check decided instead/.test(l),
          ),
        ).toBe(true);
        expect(result.pages.map((p) => p.pageNumber).slice(0, 3)).toContain(4);
      });
    });
  });
});
