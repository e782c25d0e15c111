// Enrichment stage records are EnrichmentRecord nodes with typed properties; a record an earlier build kept as a
// JSON string on the Document is still read, and goes when the stage runs again or is cleared.
import { TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { writeSyntheticDocument } from '../../../scripts/bench/enrich-synthetic';
import { EnrichModule } from '../../../src/enrich/enrich.module';
import { EnrichService } from '../../../src/enrich/enrich.service';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { IngestService } from '../../../src/ingest/ingest.service';
import { createFolioTestModule } from '../../support/ingest-context';
import { testCypher } from '../../support/test-cypher';

interface Storage {
  stages: string[];
  countTypes: string[];
  finishedAtType: string[];
  legacySimilar: string | null;
}

describe('enrichment stage records', () => {
  let module: TestingModule;
  let enrich: EnrichService;
  let graph: GraphExecutor;
  const docId = `trec${randomUUID().slice(0, 8)}`;
  const storage = async () => {
    const [row] = await graph.read<Storage>(testCypher().get('enrich/stage-record-storage'), { docId });
    return row!;
  };

  beforeAll(async () => {
    module = await createFolioTestModule([EnrichModule]);
    enrich = module.get(EnrichService);
    graph = module.get(GraphExecutor);
    await writeSyntheticDocument(new IngestRepository(graph, module.get(CypherRegistry)), {
      docId,
      pages: 3,
      elementsPerPage: 3,
      dimension: 384,
      topics: 1,
      seed: 7,
    });
  });
  afterAll(async () => {
    await module
      .get(IngestService)
      .deleteDocument(docId)
      .catch(() => undefined);
    await module.close();
  });

  it('reads a record an earlier build kept as JSON on the Document', async () => {
    const legacy = {
      stage: 'similar',
      mode: 'offline',
      calls: 0,
      failedCalls: 0,
      promptTokens: 0,
      completionTokens: 0,
      costUsd: 0,
      ms: 12,
      counts: { pages: 3, edges: 2 },
      warnings: [],
      finishedAt: '2026-01-02T03:04:05.000Z',
    };
    await graph.write(testCypher().get('enrich/set-legacy-stage-record'), {
      docId,
      json: JSON.stringify(legacy),
    });
    expect(await enrich.records(docId)).toEqual([legacy]);
  });

  it('records a run as a typed EnrichmentRecord (INTEGER counts, a DATE_TIME) and drops the legacy JSON', async () => {
    const result = await enrich.run(docId, { stages: ['similar'] });
    const ran = result.stages[0]!;
    expect(await storage()).toEqual({
      stages: ['similar'],
      countTypes: ['LIST<INTEGER NOT NULL> NOT NULL'],
      finishedAtType: ['ZONED DATETIME NOT NULL'],
      legacySimilar: null,
    });
    const [stored] = await enrich.records(docId);
    expect(stored).toMatchObject({ stage: 'similar', mode: 'offline', counts: ran.counts, ms: ran.ms });
    expect(Object.keys(ran.counts).length).toBeGreaterThan(0);
    expect(new Date(stored!.finishedAt).toISOString()).toBe(new Date(ran.finishedAt).toISOString());
  });

  it('a cleared stage leaves no record, node or JSON', async () => {
    await graph.write(testCypher().get('enrich/set-legacy-stage-record'), {
      docId,
      json: '{"stage":"similar"}',
    });
    await enrich.clear(docId, ['similar']);
    expect(await storage()).toMatchObject({ stages: [], legacySimilar: null });
    expect(await enrich.records(docId)).toEqual([]);
  });
});
