// Page SIMILAR_TO on the real Neo4j: coarse candidates from the page vector index, fine MaxSim, τ and top-K,
// no self-edges, same-document by default, idempotent re-runs, and nothing of other documents touched.
import { createFolioTestModule } from '../../support/ingest-context';
import { TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { EnrichModule } from '../../../src/enrich/enrich.module';
import { EnrichService } from '../../../src/enrich/enrich.service';
import {
  SimilarityRepository,
  type SimilarPageLink,
} from '../../../src/enrich/similarity/similarity.repository';
import { ContentRepository } from '../../../src/graph/content.repository';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { IngestService } from '../../../src/ingest/ingest.service';
import { writeSyntheticDocument } from '../../../scripts/bench/enrich-synthetic';

const key = (e: SimilarPageLink) => `${e.fromDocId}:${e.fromNumber}->${e.toDocId}:${e.toNumber}@${e.score}`;

describe('SIMILAR_TO between pages', () => {
  let module: TestingModule;
  let enrich: EnrichService;
  let similarity: SimilarityRepository;
  let content: ContentRepository;
  const run = `tsim${randomUUID().slice(0, 8)}`;
  const docA = `${run}-a`;
  const docB = `${run}-b`;

  beforeAll(async () => {
    module = await createFolioTestModule([EnrichModule]);
    enrich = module.get(EnrichService);
    similarity = module.get(SimilarityRepository);
    content = module.get(ContentRepository);
    const repo = new IngestRepository(module.get(GraphExecutor), module.get(CypherRegistry));
    const spec = { pages: 60, elementsPerPage: 4, dimension: 384, topics: 6, topicSeed: 7 };
    await writeSyntheticDocument(repo, { ...spec, docId: docA, seed: 1 });
    await writeSyntheticDocument(repo, { ...spec, docId: docB, seed: 2 });
  });
  afterAll(async () => {
    const ingest = module.get(IngestService);
    for (const id of [docA, docB]) await ingest.deleteDocument(id).catch(() => undefined);
    await module.close();
  });

  it('links pages within the document, above τ, at most K per page, never to themselves', async () => {
    const result = await enrich.run(docA, { stages: ['similar'], params: { k: 3, tau: 0.5 } });
    expect(result.stages[0]?.counts.edges).toBeGreaterThan(0);
    const edges = await similarity.documentEdges(docA, 10_000);
    expect(edges.length).toBe(result.stages[0]?.counts.edges);
    const perPage = new Map<number, number>();
    for (const e of edges) {
      expect(e.toDocId).toBe(docA);
      expect(e.toNumber).not.toBe(e.fromNumber);
      expect(e.score).toBeGreaterThanOrEqual(0.5);
      expect(e.method).toBe('maxsim');
      perPage.set(e.fromNumber, (perPage.get(e.fromNumber) ?? 0) + 1);
    }
    expect(Math.max(...perPage.values())).toBeLessThanOrEqual(3);
    // a higher τ keeps a subset
    await enrich.run(docA, { stages: ['similar'], params: { k: 3, tau: 0.65 } });
    const strict = await similarity.documentEdges(docA, 10_000);
    expect(strict.length).toBeLessThan(edges.length);
    expect(strict.every((e) => e.score >= 0.65)).toBe(true);
  });

  it('is idempotent: running twice gives the same edges', async () => {
    await enrich.run(docA, { stages: ['similar'], params: { k: 5, tau: 0.5 } });
    const first = (await similarity.documentEdges(docA, 10_000)).map(key).sort();
    await enrich.run(docA, { stages: ['similar'], params: { k: 5, tau: 0.5 } });
    const second = (await similarity.documentEdges(docA, 10_000)).map(key).sort();
    expect(second).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
  });

  it('records the stage on the document (no LLM calls, wall time)', async () => {
    const [record] = await enrich.records(docA);
    expect(record).toMatchObject({ stage: 'similar', calls: 0, promptTokens: 0, completionTokens: 0 });
    expect(record!.ms).toBeGreaterThanOrEqual(0);
    expect(record!.counts.pages).toBe(60);
  });

  it('links across documents only when asked, and re-running one document leaves the other alone', async () => {
    await enrich.run(docB, { stages: ['similar'], params: { k: 5, tau: 0.5 } });
    const bBefore = (await similarity.documentEdges(docB, 10_000)).map(key).sort();
    await enrich.run(docA, { stages: ['similar'], crossDocument: true, params: { k: 5, tau: 0.5 } });
    const cross = await similarity.documentEdges(docA, 10_000);
    expect(cross.some((e) => e.toDocId === docB)).toBe(true);
    expect((await similarity.documentEdges(docB, 10_000)).map(key).sort()).toEqual(bBefore);
    const stats = await content.graphStats(docB);
    expect(stats.relationships.find((r) => r.type === 'SIMILAR_TO')?.count).toBe(bBefore.length);
  });

  it('clears its output on request', async () => {
    await enrich.clear(docA, ['similar']);
    expect(await similarity.documentEdges(docA, 10)).toEqual([]);
    expect(await enrich.records(docA)).toEqual([]);
  });
});
