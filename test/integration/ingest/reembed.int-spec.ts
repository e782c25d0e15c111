import { loadConfig } from '../../../src/config/folio-config';
import { createEmbedder } from '../../../src/embed/create-embedder';
import type { Embedder } from '../../../src/embed/embedder';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { MigrationService } from '../../../src/graph/migration.service';
import { embeddingText, EmbeddingSource } from '../../../src/ingest/graph-rows';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { ReembedService } from '../../../src/ingest/reembed.service';
import { createIngestContext, fixture, IngestContext } from '../../support/ingest-context';

// Re-embedding one document with the other local model (fp32 or int8 bge: the same dimension, so the shared indexes
// stay valid for the other test files): element vectors are replaced by the new model's, page vectors follow.
const otherModel =
  loadConfig().embedder.model === 'bge-small-en-v1.5-q' ? 'bge-small-en-v1.5' : 'bge-small-en-v1.5-q';
describe('re-embedding a document', () => {
  let ctx: IngestContext;
  let other: Embedder;
  let docId: string;
  const vectors = async (elementId: string) => {
    const graph = ctx.module.get(GraphExecutor);
    const [row] = await graph.read<{ pageVectors: number[][]; elementVector: number[] }>(
      ctx.module.get(CypherRegistry).get('graph/get-vectors'),
      { docId, elementId },
    );
    return row!;
  };

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-reembed`;
    await ctx.ingest.ingest(fixture('pdf', 'sample-report.pdf'), { fileName: 'sample-report.pdf', docId });
    other = await createEmbedder({ backend: 'onnx', model: otherModel });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await other.close();
    await ctx.close();
  });

  it('replaces element and page vectors with the new model and records it on the document', async () => {
    const paragraph = (await ctx.content.pageElements(docId, 1, ['paragraph']))[0]!;
    const before = await vectors(paragraph.id);
    const service = new ReembedService(
      ctx.module.get(GraphExecutor),
      ctx.module.get(MigrationService),
      other,
      ctx.module.get(CypherRegistry),
    );
    await service.reembedDocument(docId);
    const after = await vectors(paragraph.id);

    const inputs = await ctx.module
      .get(GraphExecutor)
      .read<EmbeddingSource & { id: string }>(
        ctx.module.get(CypherRegistry).get('ingest/list-element-embedding-inputs'),
        { docId },
      );
    const source = inputs.find((i) => i.id === paragraph.id)!;
    const expected = await other.embedPassages([embeddingText(source)!]);
    const cosine = after.elementVector.reduce((s, x, i) => s + x * expected[0]![i]!, 0);
    expect(cosine).toBeGreaterThan(0.999);
    expect(after.elementVector).not.toEqual(before.elementVector);
    expect(after.pageVectors).toHaveLength(4);
    for (const v of after.pageVectors) expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    const doc = (await ctx.module.get(IngestRepository).findDocument(docId))!;
    expect(doc.embeddingModel).toBe(otherModel);
  });

  it('moves a document stored without retrieval units to them, covering every embeddable element once', async () => {
    const graph = ctx.module.get(GraphExecutor);
    const cypher = ctx.module.get(CypherRegistry);
    const passages = () =>
      graph.read<{
        pageNumber: number;
        kind: string;
        text: string;
        elementIds: string[];
        hasEmbedding: boolean;
      }>(cypher.get('graph/list-passages'), { docId });
    const ingested = await passages();
    await graph.write(cypher.get('ingest/delete-document-passages'), { docId }); // as before retrieval units
    expect(await passages()).toEqual([]);

    await ctx.module.get(ReembedService).rebuildUnits(docId);
    const rebuilt = await passages();
    expect(rebuilt.map((p) => p.text)).toEqual(ingested.map((p) => p.text));
    expect(rebuilt.every((p) => p.hasEmbedding)).toBe(true);
    const covered = rebuilt.flatMap((p) => p.elementIds);
    expect(new Set(covered).size).toBe(covered.length);
    const inputs = await graph.read<EmbeddingSource & { id: string }>(
      cypher.get('ingest/list-element-embedding-inputs'),
      { docId },
    );
    const embeddable = inputs.filter((i) => embeddingText(i) !== null).map((i) => i.id);
    expect([...covered].sort()).toEqual([...embeddable].sort());
    const table = rebuilt.find((p) => p.kind === 'table')!;
    expect(table.pageNumber).toBe(2);
    expect(table.text).toMatch(/Graph walk \+ rerank/);
  });
});
