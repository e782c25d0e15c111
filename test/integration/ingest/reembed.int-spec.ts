import { loadConfig } from '../../../src/config/folio-config';
import { createEmbedder } from '../../../src/embed/create-embedder';
import type { Embedder } from '../../../src/embed/embedder';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { MigrationService } from '../../../src/graph/migration.service';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { ReembedRepository } from '../../../src/ingest/reembed.repository';
import { ReembedService } from '../../../src/ingest/reembed.service';
import { pageHeads } from '../../../src/ingest/page-heads';
import type { UnitSourceElement } from '../../../src/ingest/retrieval-units';
import { cosine } from '../../../src/common/cosine';
import { createIngestContext, fixture, IngestContext } from '../../support/ingest-context';
import { testCypher } from '../../support/test-cypher';

// Re-embedding one document with the other local model (fp32 or int8 bge: the same dimension, so the shared indexes
// stay valid for the other test files): passage vectors are replaced by the new model's, page vectors follow;
// elements carry no vectors (a database stored before retrieval units loses them). Only this file's document is
// re-embedded: reembedAll would touch every document of the shared database.
const otherModel =
  loadConfig().embedder.model === 'bge-small-en-v1.5-q' ? 'bge-small-en-v1.5' : 'bge-small-en-v1.5-q';
describe('re-embedding a document', () => {
  let ctx: IngestContext;
  let other: Embedder;
  let docId: string;
  const vectors = async (elementId: string) => {
    const graph = ctx.module.get(GraphExecutor);
    const [row] = await graph.read<Vectors>(ctx.module.get(CypherRegistry).get('graph/get-vectors'), {
      docId,
      elementId,
    });
    return row!;
  };
  type Vectors = {
    pageVectors: number[][];
    pageHeads: Array<{ pageNumber: number; text: string; headVector: number[] | null }>;
    elementVector: number[] | null;
    passageText: string;
    passageVector: number[];
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

  it('ingests elements without vectors and replaces passage and page vectors with the new model', async () => {
    const paragraph = (await ctx.content.pageElements(docId, 1, ['paragraph']))[0]!;
    const before = await vectors(paragraph.id);
    expect(before.elementVector).toBeNull();
    expect(before.passageText).toContain(paragraph.text.slice(0, 20));
    const service = new ReembedService(
      ctx.module.get(ReembedRepository),
      ctx.module.get(MigrationService),
      other,
    );
    await service.reembedDocument(docId);
    const after = await vectors(paragraph.id);

    const expected = await other.embedPassages([after.passageText]);
    expect(cosine(after.passageVector, expected[0]!)).toBeGreaterThan(0.999);
    expect(after.passageVector).not.toEqual(before.passageVector);
    expect(after.elementVector).toBeNull();
    expect(after.pageVectors).toHaveLength(4);
    for (const v of after.pageVectors) expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    // Each page's head vector is the new model's vector of the page's running header and opening words.
    const sources = await ctx.module
      .get(GraphExecutor)
      .read<UnitSourceElement>(ctx.module.get(CypherRegistry).get('ingest/list-unit-sources'), { docId });
    const pages = after.pageHeads.map((p) => ({ number: p.pageNumber, text: p.text }));
    const heads = pageHeads(pages, sources, (t) => other.countTokens(t)).map((h) => h.text);
    expect(heads).toHaveLength(4);
    for (const header of sources.filter((e) => e.kind === 'page-header'))
      expect(heads[header.pageNumber - 1]!.startsWith(header.text.split(/\s+/)[0]!)).toBe(true);
    const expectedHeads = await other.embedPassages(heads);
    after.pageHeads.forEach((p, i) => {
      expect(cosine(p.headVector!, expectedHeads[i]!)).toBeGreaterThan(0.999);
      expect(cosine(p.headVector!, before.pageHeads[i]!.headVector!)).toBeLessThan(0.9999); // replaced
    });
    const doc = (await ctx.module.get(IngestRepository).findDocument(docId))!;
    expect(doc.embeddingModel).toBe(otherModel);
  });

  it('moves a document stored with element vectors to the new form: elements lose them, passages stay', async () => {
    const graph = ctx.module.get(GraphExecutor);
    const paragraph = (await ctx.content.pageElements(docId, 1, ['paragraph']))[0]!;
    const [{ written }] = (await graph.write<{ written: number }>(
      testCypher().get('ingest/test-set-element-vectors'),
      {
        docId,
      },
    )) as [{ written: number }];
    expect(written).toBeGreaterThan(5);
    expect((await vectors(paragraph.id)).elementVector).not.toBeNull(); // the old form

    await ctx.module.get(ReembedService).reembedDocument(docId);
    const after = await vectors(paragraph.id);
    expect(after.elementVector).toBeNull();
    expect(after.passageVector).toHaveLength(384);
    const [{ written: again }] = (await graph.write<{ written: number }>(
      testCypher().get('ingest/test-set-element-vectors'),
      { docId },
    )) as [{ written: number }];
    expect(again).toBe(written); // every element a passage covers was reached, and only those
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
    const sources = await graph.read<{ id: string; kind: string; text: string; description: string | null }>(
      cypher.get('ingest/list-unit-sources'),
      { docId },
    );
    const content = sources
      .filter(
        (e) => !['page-header', 'page-footer'].includes(e.kind) && `${e.text}${e.description ?? ''}`.trim(),
      )
      .map((e) => e.id);
    expect([...covered].sort()).toEqual([...content].sort());
    const table = rebuilt.find((p) => p.kind === 'table')!;
    expect(table.pageNumber).toBe(2);
    expect(table.text).toMatch(/Graph walk \+ rerank/);
  });

  it('VECTOR warns about a document stored before page heads and ranks it by best passages; --units adds them', async () => {
    const graph = ctx.module.get(GraphExecutor);
    const search = () =>
      ctx.retrieve.search({
        query: 'Which method has the highest recall@3?',
        strategy: 'VECTOR',
        scope: { docIds: [docId] },
        k: 4,
      });
    const withHeads = await search();
    expect(withHeads.warnings).toEqual([]);

    const [{ removed }] = (await graph.write<{ removed: number }>(
      testCypher().get('ingest/test-remove-page-heads'),
      {
        docId,
      },
    )) as [{ removed: number }];
    expect(removed).toBe(4);
    const headless = await search();
    expect(headless.warnings).toEqual([
      expect.stringContaining(`pages of 1 document(s) (${docId}) have no head vector`),
    ]);
    expect(headless.warnings[0]).toContain('reembed --all --units');
    expect(headless.pages.map((p) => p.score)).not.toEqual(withHeads.pages.map((p) => p.score));

    await ctx.module.get(ReembedService).rebuildUnits(docId);
    const rebuilt = await search();
    expect(rebuilt.warnings).toEqual([]);
    expect(rebuilt.pages.map((p) => p.pageNumber)).toEqual(withHeads.pages.map((p) => p.pageNumber));
  });
});
