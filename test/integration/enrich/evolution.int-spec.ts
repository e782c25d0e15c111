// G²-Reader content-graph evolution on the real Neo4j: Lite (real embedder, the sample report) and full (the
// fake OpenAI-compatible server), plus deleteDocument removing enrichment output and nothing of other documents.
import { TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import type { FolioConfig } from '../../../src/config/folio-config';
import type { Embedder } from '../../../src/embed/embedder';
import type { EnrichStageContext } from '../../../src/enrich/enrich-stage';
import { EnrichModule } from '../../../src/enrich/enrich.module';
import { EnrichService } from '../../../src/enrich/enrich.service';
import { ContentEvolutionStage } from '../../../src/enrich/evolution/content-evolution.stage';
import { EvolutionRepository } from '../../../src/enrich/evolution/evolution.repository';
import { StageModels } from '../../../src/enrich/stage-models';
import { ContentRepository } from '../../../src/graph/content.repository';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { IngestService } from '../../../src/ingest/ingest.service';
import { UsageMeter } from '../../../src/llm/llm-usage';
import { LlmService, type LlmSettings } from '../../../src/llm/llm.service';
import { writeSyntheticDocument } from '../../../scripts/bench/enrich-synthetic';
import { fakeEmbedding, json, malformed, startFakeOpenAiServer } from '../../support/fake-openai-server';
import { createFolioTestModule, fixture, uniqueCopy } from '../../support/ingest-context';

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);

describe('content-graph evolution', () => {
  let module: TestingModule;
  let enrich: EnrichService;
  let evolution: EvolutionRepository;
  let content: ContentRepository;
  let ingest: IngestService;
  let ingestRepo: IngestRepository;
  const run = `tevo${randomUUID().slice(0, 8)}`;
  const docA = `${run}-a`;
  const docB = `${run}-b`;
  const docLlm = `${run}-llm`;

  const stats = async (docId: string) => {
    const s = await content.graphStats(docId);
    return {
      nodes: Object.fromEntries(s.nodes.map((n) => [n.label, n.count])),
      rels: Object.fromEntries(s.relationships.map((r) => [r.type, r.count])),
    };
  };

  beforeAll(async () => {
    module = await createFolioTestModule([EnrichModule]);
    enrich = module.get(EnrichService);
    evolution = module.get(EvolutionRepository);
    content = module.get(ContentRepository);
    ingest = module.get(IngestService);
    ingestRepo = new IngestRepository(module.get(GraphExecutor), module.get(CypherRegistry));
    for (const docId of [docA, docB]) {
      await ingest.ingest(uniqueCopy(fixture('pdf', 'sample-report.pdf')), {
        fileName: 'sample-report.pdf',
        docId,
      });
    }
  });
  afterAll(async () => {
    for (const id of [docA, docB, docLlm]) await ingest.deleteDocument(id).catch(() => undefined);
    await module.close();
  });

  it('Lite: summaries, window edges, evolved vectors that move each round, a Revision per round', async () => {
    const base = await enrich.run(docA, { stages: ['evolve'], params: { rounds: 0 } });
    const n = base.stages[0]!.counts.elements!;
    expect(n).toBeGreaterThan(3);
    const h0 = await evolution.evolvedVectors(docA);
    expect(h0.size).toBe(n);

    const result = await enrich.run(docA, { stages: ['evolve'], params: { rounds: 3, k: 3 } });
    const counts = result.stages[0]!.counts;
    expect(counts).toMatchObject({ elements: n, rounds: 3, revisions: n * 4, skippedUpdates: 0 });
    expect(result.stages[0]).toMatchObject({ calls: 0, mode: 'offline' });
    const h3 = await evolution.evolvedVectors(docA);
    const moved = [...h0].filter(([id, v]) => cosine(v, h3.get(id)!) < 0.9999).length;
    expect(moved).toBeGreaterThan(n / 2);

    const [id] = [...h3.keys()];
    const revisions = await evolution.revisions(id!);
    expect(revisions.map((r) => r.iteration)).toEqual([0, 1, 2, 3]);
    expect(revisions[0]!.summary.length).toBeGreaterThan(0);
    const related = await evolution.related(id!);
    expect(related.some((r) => r.source === 'window' && r.iteration === 0)).toBe(true);
    expect(related.some((r) => r.source === 'lite' && r.iteration >= 1)).toBe(true);
    const summary = await evolution.summary(id!);
    expect(summary?.summary).toBeTruthy();
    expect(Array.isArray(summary?.keywords)).toBe(true);
  });

  it('is idempotent: a second run replaces the first (same edges and revisions)', async () => {
    const before = await stats(docA);
    await enrich.run(docA, { stages: ['evolve'], params: { rounds: 3, k: 3 } });
    const after = await stats(docA);
    expect(after.rels.RELATES_TO).toBe(before.rels.RELATES_TO);
    expect(after.rels.HAS_REVISION).toBe(before.rels.HAS_REVISION);
    expect(after.nodes.Revision).toBe(before.nodes.Revision);
  });

  it('deleteDocument removes semantic edges, revisions and summaries, and leaves other documents intact', async () => {
    await enrich.run(docB, { stages: ['similar', 'evolve'], params: { rounds: 1, tau: 0.3 } });
    await enrich.run(docA, { stages: ['similar'], params: { tau: 0.3 } });
    const bBefore = await stats(docB);
    expect(bBefore.rels.RELATES_TO).toBeGreaterThan(0);
    expect(bBefore.nodes.Revision).toBeGreaterThan(0);

    await ingest.deleteDocument(docA);
    const a = await stats(docA);
    expect(Object.values(a.nodes).every((c) => c === 0)).toBe(true);
    expect(a.rels).toEqual({});
    expect(await stats(docB)).toEqual(bBefore);
  });

  describe('full evolution with an LLM', () => {
    const fakeEmbedder: Embedder = {
      modelName: 'fake',
      dimension: 384,
      maxTokens: 512,
      embedPassages: async (texts) => texts.map((t) => normalised(fakeEmbedding(t, 384))),
      embedQuery: async (t) => normalised(fakeEmbedding(t, 384)),
      countTokens: (t) => t.split(/\s+/).length,
      close: async () => undefined,
    };

    it('parses typed links, retries malformed JSON and then skips the update with a recorded warning', async () => {
      await writeSyntheticDocument(ingestRepo, {
        docId: docLlm,
        pages: 1,
        elementsPerPage: 3,
        dimension: 384,
        topics: 1,
        seed: 3,
        text: (_p, i) => ['Revenue fell in 2023.', 'Because demand dropped.', 'Costs were flat.'][i]!,
      });
      const server = await startFakeOpenAiServer({ whenEmpty: malformed() });
      try {
        const settings: LlmSettings = {
          baseUrl: server.baseUrl,
          apiKey: 'sk-test',
          model: 'local-model',
          timeoutMs: 5_000,
          maxRetries: 1,
          backoff: { baseMs: 1, maxMs: 5 },
        };
        const llm = new LlmService({ llm: settings } as FolioConfig);
        const stage = new ContentEvolutionStage(evolution, new StageModels(llm, fakeEmbedder));
        server.enqueue(
          json(
            {
              summary: 'Revenue fell in 2023 because demand dropped.',
              keywords: ['revenue', '2023'],
              links: [
                { target: 'n1', relation: 'Causal', reason: 'demand explains the fall' },
                { target: 'n9', relation: 'context', reason: 'invented handle' },
              ],
            },
            { prompt_tokens: 120, completion_tokens: 30 },
          ),
        );
        const warnings: string[] = [];
        const meter = new UsageMeter();
        const ctx: EnrichStageContext = {
          mode: 'llm',
          meter,
          crossDocument: false,
          params: { rounds: 1, k: 2, concurrency: 1 },
          progress: () => undefined,
          warn: (m) => warnings.push(m),
        };
        const result = await stage.run(docLlm, ctx);
        expect(result.counts).toMatchObject({ elements: 3, llmEdges: 1, skippedUpdates: 2 });
        expect(warnings.filter((w) => /skipped/.test(w))).toHaveLength(2);
        expect(meter.totals().calls).toBe(3);
        expect(meter.totals().retries).toBeGreaterThan(0);
        expect(meter.totals().promptTokens).toBeGreaterThanOrEqual(120);

        const first = `${docLlm}:p1-e0`;
        const related = await evolution.related(first);
        const llmLinks = related.filter((r) => r.source === 'llm');
        expect(llmLinks).toHaveLength(1);
        expect(llmLinks[0]).toMatchObject({ relation: 'causal', direction: 'out', iteration: 1 });
        const revisions = await evolution.revisions(first);
        expect(revisions.map((r) => r.summary)).toEqual([
          'Revenue fell in 2023.',
          'Revenue fell in 2023 because demand dropped.',
        ]);
        expect((await evolution.summary(first))?.keywords).toEqual(['revenue', '2023']);
      } finally {
        await server.close();
      }
    });
  });
});

function normalised(v: number[]): Float32Array {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return Float32Array.from(v, (x) => x / n);
}
