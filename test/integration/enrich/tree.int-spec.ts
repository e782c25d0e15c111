// The `tree` enrich stage (MMRAG-DocQA / RAPTOR summary tree) on the real Neo4j, and SUMMARY_TREE retrieval
// over it: levels up to one root, every cluster summarises ≥ 1 member, same seed → same tree, bounded clustering
// on a larger synthetic document, idempotent re-runs, and deletion of the document removing its tree.
import { TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { writeSyntheticDocument } from '../../../scripts/bench/enrich-synthetic';
import { SummaryTreeRepository } from '../../../src/enrich/summary-tree/summary-tree.repository';
import { StageModels } from '../../../src/enrich/stage-models';
import { SummaryTreeModule } from '../../../src/enrich/summary-tree/summary-tree.module';
import { SummaryTreeStage } from '../../../src/enrich/summary-tree/summary-tree.stage';
import { ContentRepository } from '../../../src/graph/content.repository';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { IngestService } from '../../../src/ingest/ingest.service';
import { RetrieveService } from '../../../src/retrieve/retrieve.service';
import { createFolioTestModule, fixture } from '../../support/ingest-context';
import type { EnrichStageContext } from '../../../src/enrich/enrich-stage';
import { UsageMeter } from '../../../src/llm/llm-usage';
import { testCypher } from '../../support/test-cypher';

const stageContext = (): EnrichStageContext => ({
  mode: 'offline',
  meter: new UsageMeter(),
  progress: () => undefined,
  warn: (m) => {
    throw new Error(`unexpected warning: ${m}`);
  },
  crossDocument: false,
});

interface TreeRow {
  id: string;
  level: number;
  text: string;
  dims: number;
  members: string[];
  memberLabels: string[];
}

describe('summary tree stage and SUMMARY_TREE retrieval', () => {
  let module: TestingModule;
  let stage: SummaryTreeStage;
  let content: ContentRepository;
  let ingest: IngestService;
  const run = `ttree${randomUUID().slice(0, 8)}`;
  const sample = `${run}-sample`;
  const synthetic = `${run}-synth`;

  const tree = (docId: string) =>
    module.get(GraphExecutor).read<TreeRow>(testCypher().get('enrich/tree-test-inspect'), { docId });

  beforeAll(async () => {
    module = await createFolioTestModule([SummaryTreeModule]);
    stage = module.get(SummaryTreeStage);
    content = module.get(ContentRepository);
    ingest = module.get(IngestService);
    await ingest.ingest(fixture('pdf', 'sample-report.pdf'), {
      fileName: 'sample-report.pdf',
      docId: sample,
    });
    await writeSyntheticDocument(
      new IngestRepository(module.get(GraphExecutor), module.get(CypherRegistry)),
      {
        docId: synthetic,
        pages: 60,
        elementsPerPage: 4,
        dimension: 384,
        topics: 5,
        seed: 11,
        text: (p, e, t) => `Topic ${t} is explained on page ${p} in paragraph ${e}. More about topic ${t}.`,
      },
    );
  });
  afterAll(async () => {
    await ingest.deleteDocument(sample).catch(() => undefined);
    // synthetic documents have no stored PDF, so they are removed through the repository
    await new IngestRepository(module.get(GraphExecutor), module.get(CypherRegistry)).deleteDocument(
      synthetic,
    );
    await module.close();
  });

  const checkShape = (rows: TreeRow[]) => {
    const top = Math.max(...rows.map((r) => r.level));
    expect(rows.filter((r) => r.level === top)).toHaveLength(1); // one root
    const ids = new Set(rows.map((r) => r.id));
    for (const r of rows) {
      expect(r.members.length).toBeGreaterThan(0);
      expect(r.dims).toBe(384);
      expect(r.text.length).toBeGreaterThan(0);
      if (r.level === 1) expect(new Set(r.memberLabels)).toEqual(new Set(['Element']));
      else {
        expect(new Set(r.memberLabels)).toEqual(new Set(['Summary']));
        for (const m of r.members) expect(ids.has(m)).toBe(true);
      }
    }
    return top;
  };

  it('builds levels up to one root over the sample report; every cluster summarises ≥ 1 member', async () => {
    const result = await stage.run(sample, stageContext());
    const rows = await tree(sample);
    expect(rows).toHaveLength(result.counts.clusters!);
    const top = checkShape(rows);
    expect(top).toBe(result.counts.levels);
    expect(top).toBeGreaterThanOrEqual(2);
    // every leaf element is under some level-1 cluster
    const leaves = new Set(rows.filter((r) => r.level === 1).flatMap((r) => r.members));
    expect(leaves.size).toBe(result.counts.leaves);
  });

  it('is deterministic and idempotent: the same seed rebuilds the same tree in place of the old one', async () => {
    const first = await tree(sample);
    await stage.run(sample, stageContext());
    const second = await tree(sample);
    expect(second).toEqual(first);
  });

  it('SUMMARY_TREE finds the table page for a question about the table', async () => {
    const result = await module.get(RetrieveService).search({
      query: 'Which method has the highest recall@3 and what is its latency in ms?',
      strategy: 'SUMMARY_TREE',
      scope: { docIds: [sample] },
      k: 3,
    });
    expect(result.pages[0]).toMatchObject({ docId: sample, pageNumber: 2, reason: 'summary-tree' });
    expect(result.pages.every((p) => p.docId === sample)).toBe(true);
    expect(result.pages[0]!.elements.length).toBeGreaterThan(0);
    const unscoped = await module.get(RetrieveService).search({
      query: 'Which method has the highest recall@3 and what is its latency in ms?',
      strategy: 'SUMMARY_TREE',
      scope: {},
      k: 10,
    });
    expect(unscoped.pages.length).toBeGreaterThan(0);
  });

  it('SUMMARY_TREE fuses full text: a page named only by its words ranks first', async () => {
    // The synthetic vectors are random with respect to the question, so only the lexical sides can find page 37.
    const result = await module.get(RetrieveService).search({
      query: 'Which topic is explained on page 37?',
      strategy: 'SUMMARY_TREE',
      scope: { docIds: [synthetic] },
      k: 3,
    });
    expect(result.pages[0]).toMatchObject({ docId: synthetic, pageNumber: 37 });
    expect(result.pages[0]!.elements.length).toBeGreaterThan(0);
    expect(result.trace.join('\n')).toContain('fused by RRF with full-text (terms)');
  });

  it('bounds clustering on a larger document (block-wise calls) and still reaches one root', async () => {
    const bounded = new SummaryTreeStage(module.get(SummaryTreeRepository), module.get(StageModels), {
      maxUnitsPerCall: 80,
    });
    const t0 = Date.now();
    const result = await bounded.run(synthetic, stageContext());
    expect(Date.now() - t0).toBeLessThan(120_000);
    expect(result.counts.leaves).toBe(240);
    const rows = await tree(synthetic);
    checkShape(rows);
    // level 1 clusters never mix the 3 blocks of 80 reading-order units
    const blockOf = (id: string) => {
      const [, page, element] = /:p(\d+)-e(\d+)$/.exec(id)!.map(Number);
      return Math.floor(((page! - 1) * 4 + element!) / 80);
    };
    for (const r of rows.filter((x) => x.level === 1)) expect(new Set(r.members.map(blockOf)).size).toBe(1);
  });

  it('deleting a document removes its tree and nothing of another document', async () => {
    const syntheticTree = (await tree(synthetic)).length;
    expect(syntheticTree).toBeGreaterThan(0);
    expect((await tree(sample)).length).toBeGreaterThan(0);
    await ingest.deleteDocument(sample);
    expect(await tree(sample)).toEqual([]);
    const stats = await content.graphStats(sample);
    expect(stats.nodes.find((n) => n.label === 'Summary')?.count ?? 0).toBe(0);
    expect((await tree(synthetic)).length).toBe(syntheticTree);
  });
});
