// The benchmark library generator on the real Neo4j: a generated document exported, deleted, imported back whole
// (nodes, relationships, vectors) and searchable again; copied under a new id with every node and relationship.
import { BenchCorpusRepository, type ExportedDocument } from '../../../src/eval/bench-corpus.repository';
import { CorpusGenerator, copyId } from '../../../src/eval/corpus-generator';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { MigrationService } from '../../../src/graph/migration.service';
import { makeStructuredPdf } from '../../support/make-structured-pdf';
import { createIngestContext, type IngestContext } from '../../support/ingest-context';

describe('corpus generator (export, import, copy at the graph level)', () => {
  let ctx: IngestContext;
  let corpus: BenchCorpusRepository;
  let docId: string;
  const copies: string[] = [];
  const question = 'How many days of paraffin do the Skarvoy keepers store?';

  beforeAll(async () => {
    ctx = await createIngestContext();
    corpus = new BenchCorpusRepository(ctx.module.get(GraphExecutor), ctx.module.get(CypherRegistry));
    docId = `${ctx.runId}-keepers`;
    const pdf = await makeStructuredPdf([
      [
        { type: 'heading', text: `${ctx.runId} Keeping the Skarvoy light` },
        {
          type: 'paragraph',
          text: 'The Skarvoy keepers store paraffin for sixty three days, because the relief boat cannot land in storms.',
        },
      ],
      [
        { type: 'heading', text: 'Lens and clockwork' },
        {
          type: 'paragraph',
          text: 'The clockwork that turns the lens is wound every four hours through the night.',
        },
      ],
    ]);
    await ctx.ingest.ingest(pdf, { fileName: 'keepers.pdf', docId, title: `${ctx.runId} Skarvoy keepers` });
  });
  afterAll(async () => {
    for (const id of [docId, ...copies]) await ctx.ingest.deleteDocument(id).catch(() => undefined);
    await ctx.close();
  });

  it('exports a document and imports it back whole after it was deleted: same nodes, relationships, search', async () => {
    const before = await ctx.counts(docId);
    const generator = new CorpusGenerator(corpus);
    const exported: ExportedDocument[] = [];
    for await (const doc of generator.exportDocuments([docId])) exported.push(doc);
    expect(exported.map((d) => d.docId)).toEqual([docId]);
    const vectors = exported[0]!.nodes.filter((n) => Array.isArray(n.props.embedding));
    expect(vectors.length).toBeGreaterThan(0);

    await ctx.ingest.deleteDocument(docId);
    expect(await generator.importDocument(exported[0]!, new Set())).toBe(true);
    expect(await generator.importDocument(exported[0]!, new Set([docId]))).toBe(false);
    await ctx.module.get(MigrationService).migrate(); // integers stored as INTEGERs again, as after folio corpus import
    expect(await ctx.counts(docId)).toEqual(before);

    const found = await ctx.retrieve.search({
      query: question,
      strategy: 'GRAPH',
      scope: { docIds: [docId] },
      k: 3,
    });
    expect(found.pages[0]).toMatchObject({ docId, pageNumber: 1 });
  });

  it('copies a document under a new id with every node and relationship, marked as a copy', async () => {
    const id = copyId(0, docId);
    copies.push(id);
    const made = await corpus.cloneDocument(docId, id);
    const original = await ctx.counts(docId);
    expect(await ctx.counts(id)).toEqual(original);
    expect(made.nodes).toBe(Object.values(original.nodes).reduce((a, b) => a + b, 0) - 1); // all but the Document
    const docs = await corpus.documents();
    expect(docs.find((d) => d.id === id)).toMatchObject({ clonedFrom: docId });

    const found = await ctx.retrieve.search({
      query: question,
      strategy: 'HYBRID',
      scope: { docIds: [id] },
      k: 3,
    });
    expect(found.pages[0]).toMatchObject({ docId: id, pageNumber: 1 });
  });
});
