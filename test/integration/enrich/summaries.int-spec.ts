// The `summaries` enrich stage on the real Neo4j: page, section and document Summaries with SUMMARIZES edges and
// vectors over the sample report, idempotent re-runs, the LLM path against the fake OpenAI server, the inferred
// outline of a document without one, and deletion of a document removing its summaries and nothing else.
import { Test, TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { writeSyntheticDocument } from '../../../scripts/bench/enrich-synthetic';
import { embedConfigFrom } from '../../../src/app.module';
import { ConfigModule } from '../../../src/config/config.module';
import { FOLIO_CONFIG } from '../../../src/config/config.tokens';
import { loadConfig, type FolioConfig } from '../../../src/config/folio-config';
import { EmbedModule } from '../../../src/embed/embed.module';
import type { EnrichMode, EnrichStageContext } from '../../../src/enrich/enrich-stage';
import { SummariesModule } from '../../../src/enrich/summaries/summaries.module';
import { SummariesRepository } from '../../../src/enrich/summaries/summaries.repository';
import { SummariesStage } from '../../../src/enrich/summaries/summaries.stage';
import { ContentRepository } from '../../../src/graph/content.repository';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { GraphModule } from '../../../src/graph/graph.module';
import { IngestModule } from '../../../src/ingest/ingest.module';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { IngestService } from '../../../src/ingest/ingest.service';
import { UsageMeter } from '../../../src/llm/llm-usage';
import { FakeOpenAiServer, json, startFakeOpenAiServer } from '../../support/fake-openai-server';
import { fixture, uniqueCopy } from '../../support/ingest-context';
import { makeStructuredPdf, type PdfBlock } from '../../support/make-structured-pdf';
import { testCypher } from '../../support/test-cypher';

export function stageContext(mode: EnrichMode = 'offline') {
  const warnings: string[] = [];
  const ctx: EnrichStageContext & { warnings: string[] } = {
    mode,
    meter: new UsageMeter(),
    progress: () => undefined,
    warn: (m) => warnings.push(m),
    crossDocument: false,
    warnings,
  };
  return ctx;
}

export interface InspectRow {
  id: string;
  kind: string;
  text: string;
  dims: number;
  targets: string[];
  targetSummaries: string[];
}

async function compile(config?: Partial<FolioConfig>): Promise<TestingModule> {
  let builder = Test.createTestingModule({
    imports: [
      ConfigModule,
      GraphModule,
      EmbedModule.forRootAsync({ inject: [FOLIO_CONFIG], useFactory: embedConfigFrom }),
      IngestModule,
      SummariesModule,
    ],
  });
  if (config) builder = builder.overrideProvider(FOLIO_CONFIG).useValue({ ...loadConfig(), ...config });
  const module = await builder.compile();
  await module.init();
  return module;
}

describe('summaries stage', () => {
  let module: TestingModule;
  let stage: SummariesStage;
  let repo: SummariesRepository;
  let content: ContentRepository;
  let ingest: IngestService;
  const run = `tsum${randomUUID().slice(0, 8)}`;
  const sample = `${run}-sample`;
  const other = `${run}-other`;
  const synthetic = `${run}-synth`;
  const headed = `${run}-headed`;

  const inspect = (docId: string) =>
    module.get(GraphExecutor).read<InspectRow>(testCypher().get('enrich/summary-test-inspect'), { docId });
  const summaries = async (docId: string) => {
    const stats = await content.graphStats(docId);
    return stats.nodes.find((n) => n.label === 'Summary')?.count ?? 0;
  };

  beforeAll(async () => {
    module = await compile();
    stage = module.get(SummariesStage);
    repo = module.get(SummariesRepository);
    content = module.get(ContentRepository);
    ingest = module.get(IngestService);
    for (const docId of [sample, other])
      await ingest.ingest(fixture('pdf', 'sample-report.pdf'), { fileName: 'sample-report.pdf', docId });
    // No PDF outline, but headings: its sections come from them and are the outline enrichment must keep.
    const chapter = (n: number, topic: string): PdfBlock[] => [
      { type: 'heading', text: `${n} ${topic}` },
      { type: 'paragraph', text: `This chapter explains ${topic.toLowerCase()} in detail. `.repeat(8) },
      {
        type: 'paragraph',
        text: `More about ${topic.toLowerCase()} and why it matters to readers. `.repeat(6),
      },
    ];
    await ingest.ingest(
      uniqueCopy(
        await makeStructuredPdf([
          chapter(1, 'Harbour Logistics'),
          chapter(2, 'Crane Maintenance'),
          chapter(3, 'Customs Procedures'),
        ]),
      ),
      { fileName: 'headed.pdf', docId: headed },
    );
    await writeSyntheticDocument(
      new IngestRepository(module.get(GraphExecutor), module.get(CypherRegistry)),
      {
        docId: synthetic,
        pages: 12,
        elementsPerPage: 3,
        dimension: 384,
        topics: 3,
        seed: 4,
        text: (p, e, t) => `Topic ${t} discusses subject ${t} on page ${p}, paragraph ${e}. It has details.`,
      },
    );
  });
  afterAll(async () => {
    for (const id of [sample, other, headed]) await ingest.deleteDocument(id).catch(() => undefined);
    // a synthetic document has no stored PDF, so it is removed through the repository
    await new IngestRepository(module.get(GraphExecutor), module.get(CypherRegistry)).deleteDocument(
      synthetic,
    );
    await module.close();
  });

  it('writes a summary per page, per section and for the document, each SUMMARIZES its target, with vectors', async () => {
    const ctx = stageContext();
    const result = await stage.run(sample, ctx);
    const pages = await content.pages(sample, 1, 100);
    const sections = await content.sections(sample);
    expect(result.counts).toMatchObject({
      pageSummaries: pages.length,
      sectionSummaries: sections.length,
      documentSummaries: 1,
      inferredSections: 0, // the sample report has a PDF outline
      llmCalls: 0,
    });
    expect(result.counts.summaries).toBe(pages.length + sections.length + 1);
    const stats = await content.graphStats(sample);
    expect(stats.nodes.find((n) => n.label === 'Summary')?.count).toBe(result.counts.summaries);
    expect(stats.relationships.find((r) => r.type === 'SUMMARIZES')?.count).toBe(result.counts.summaries);
    const rows = await inspect(sample);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['page', 'section', 'document']));
    for (const r of rows) {
      expect(r.dims).toBe(384); // the embedder's dimension, in the summary_embedding index
      expect(r.targets).toHaveLength(1);
      expect(r.text.length).toBeGreaterThan(0);
      // DMAP reads page and section summaries in place
      if (r.kind !== 'document') expect(r.targetSummaries).toEqual([r.text]);
    }
    expect(rows.find((r) => r.id === `${sample}:sum:p2`)?.targets).toEqual([`${sample}:p2`]);
    expect(rows.find((r) => r.kind === 'document')?.targets).toEqual([sample]);
    expect(ctx.warnings).toEqual([]);
  });

  it('is idempotent: a re-run replaces the summaries (same ids, same count)', async () => {
    await stage.run(sample, stageContext());
    const before = await summaries(sample);
    const again = await stage.run(sample, stageContext());
    expect(await summaries(sample)).toBe(before);
    expect(again.counts.summaries).toBe(before);
    await stage.clear(sample);
    expect(await summaries(sample)).toBe(0);
    await stage.run(sample, stageContext());
  });

  it('infers a progressive outline for a document without one, replacing it on re-run', async () => {
    const first = await stage.run(synthetic, stageContext());
    expect(first.counts.inferredSections).toBeGreaterThan(0);
    const sections = await content.sections(synthetic);
    expect(sections).toHaveLength(first.counts.inferredSections!);
    expect(sections.every((s) => s.id.startsWith(`${synthetic}:inf`))).toBe(true);
    expect((await repo.sectionSources(synthetic))['inferred']).toBe(sections.length);
    const stats = await content.graphStats(synthetic);
    expect(stats.relationships.find((r) => r.type === 'CONTAINS')?.count).toBe(36); // every element, once
    expect(first.counts.sectionSummaries).toBe(sections.length);
    const second = await stage.run(synthetic, stageContext());
    expect(second.counts.inferredSections).toBe(first.counts.inferredSections);
    expect(await content.sections(synthetic)).toHaveLength(sections.length);
  });

  it("keeps a document's heading sections as its only outline: no inferred copy, idempotent across runs", async () => {
    const before = await content.sections(headed);
    expect(before.map((s) => s.title)).toEqual([
      '1 Harbour Logistics',
      '2 Crane Maintenance',
      '3 Customs Procedures',
    ]);
    expect(await repo.sectionSources(headed)).toEqual({ headings: 3 });
    const first = await stage.run(headed, stageContext());
    const second = await stage.run(headed, stageContext());
    for (const result of [first, second]) {
      expect(result.counts.inferredSections).toBe(0);
      expect(result.counts.sectionSummaries).toBe(3);
    }
    expect(await repo.sectionSources(headed)).toEqual({ headings: 3 });
    const after = await content.sections(headed);
    expect(after.map((s) => s.id).sort()).toEqual(before.map((s) => s.id).sort());
    expect(await summaries(headed)).toBe(first.counts.summaries);
  });

  it('deleting a document removes its summaries and nothing of another document', async () => {
    await stage.run(other, stageContext());
    const kept = await summaries(sample);
    expect(await summaries(other)).toBeGreaterThan(0);
    await ingest.deleteDocument(other);
    expect(await summaries(other)).toBe(0);
    expect(await summaries(sample)).toBe(kept);
  });
});

describe('summaries stage with an LLM', () => {
  let server: FakeOpenAiServer;
  let module: TestingModule;
  const docId = `tsuml${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    server = await startFakeOpenAiServer({
      whenEmpty: json({ summary: 'An abstractive summary from the model.', keywords: ['model', 'summary'] }),
    });
    const llm = loadConfig({
      ...process.env,
      FOLIO_LLM_BASE_URL: server.baseUrl,
      FOLIO_LLM_MODEL: 'fake-model',
      FOLIO_LLM_MAX_RETRIES: '0',
      FOLIO_LLM_TIMEOUT_MS: '2000',
    }).llm;
    module = await compile({ llm });
    await module.get(IngestService).ingest(fixture('pdf', 'sample-report.pdf'), {
      fileName: 'sample-report.pdf',
      docId,
    });
  });
  afterAll(async () => {
    await module
      .get(IngestService)
      .deleteDocument(docId)
      .catch(() => undefined);
    await module.close();
    await server.close();
  });

  it('writes abstractive summaries in llm mode, counting every call on the meter; offline mode calls nothing', async () => {
    const stage = module.get(SummariesStage);
    const ctx = stageContext('llm');
    const result = await stage.run(docId, ctx);
    expect(result.counts.llmCalls).toBe(result.counts.summaries);
    expect(ctx.meter.totals().calls).toBe(result.counts.llmCalls);
    expect(server.chatRequests()).toHaveLength(result.counts.llmCalls!);
    expect(JSON.stringify(server.chatRequests()[0]?.body)).toContain('Summarise a document page');
    const rows = await module
      .get(GraphExecutor)
      .read<InspectRow>(testCypher().get('enrich/summary-test-inspect'), { docId });
    expect(rows.find((r) => r.kind === 'page')?.targetSummaries).toEqual([
      'An abstractive summary from the model.',
    ]);

    const before = server.chatRequests().length;
    const offline = await stage.run(docId, stageContext('offline'));
    expect(offline.counts.llmCalls).toBe(0);
    expect(server.chatRequests()).toHaveLength(before);
  });
});
