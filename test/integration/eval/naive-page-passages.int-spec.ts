import { cosine } from '../../../src/common/cosine';
import { EMBEDDER } from '../../../src/embed/embed.tokens';
import type { Embedder } from '../../../src/embed/embedder';
import { NaiveDensePassageView, NaivePagePassageBaseline } from '../../../src/eval/peer/naive-page-passages';
import { NaivePassagesRepository } from '../../../src/eval/peer/naive-passages.repository';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../../support/ingest-context';

// The naive page-passage baseline on the real Neo4j and embedder, over this file's own copy of the sample report
// (test/fixtures/pdf/sample-report.pdf: 4 pages, the results table on page 2). The baseline owns the NaivePassage
// label and the naive_* indexes and removes them all on cleanup, so no other test file may run it at the same time.

describe('naive page-passage baseline (real Neo4j and embedder)', () => {
  let ctx: IngestContext;
  let embedder: Embedder;
  let docId: string;
  const used: NaivePagePassageBaseline[] = [];

  const baseline = (windowTokens?: number) => {
    const repo = new NaivePassagesRepository(ctx.module.get(GraphExecutor), ctx.module.get(CypherRegistry));
    const naive = new NaivePagePassageBaseline(repo, embedder, windowTokens);
    used.push(naive);
    return naive;
  };
  const prepare = async (naive: NaivePagePassageBaseline) => {
    const stats = await naive.prepare([{ docId, pdfName: 'sample-report.pdf', pdfPath: '' }]);
    expect(stats).toHaveLength(1);
    expect(stats[0]!.error).toBeUndefined();
    return stats[0]!;
  };
  const naiveIndexes = async () => {
    const cypher = ctx.module.get(CypherRegistry);
    const rows = await ctx.module.get(GraphExecutor).read<{ name: string }>(cypher.get('graph/list-indexes'));
    return rows
      .map((r) => r.name)
      .filter((name) => name.startsWith('naive_'))
      .sort();
  };

  beforeAll(async () => {
    ctx = await createIngestContext();
    embedder = ctx.module.get<Embedder>(EMBEDDER);
    const result = await ctx.ingest.ingest(uniqueCopy(fixture('pdf', 'sample-report.pdf')), {
      fileName: 'sample-report.pdf',
      docId: `${ctx.runId}-sample-report`,
    });
    docId = result.document.id;
  });

  afterAll(async () => {
    for (const naive of used) await naive.cleanup().catch(() => undefined);
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  it.each([200, 24])(
    'cuts each page of the stored text into windows of at most %i tokens that never cross a page',
    async (budget) => {
      const naive = baseline(budget);
      const stats = await prepare(naive);
      expect(stats).toMatchObject({ docId, pages: 4 });

      const stored = await naive.passages(docId);
      expect(stored).toHaveLength(stats.chunks);
      for (const p of stored) expect(embedder.countTokens(p.text)).toBeLessThanOrEqual(budget);
      const pages = await ctx.content.pages(docId, 1, 4);
      expect(pages.map((p) => p.number)).toEqual([1, 2, 3, 4]);
      for (const page of pages) {
        // The page's windows, in order, are exactly its words: nothing lost, nothing from another page.
        const windows = stored.filter((p) => p.pageNumber === page.number);
        expect(windows.map((w) => w.order)).toEqual(windows.map((_, i) => i));
        expect(windows.map((w) => w.text).join(' ')).toBe(page.text.split(/\s+/).filter(Boolean).join(' '));
      }
      if (budget < 200) expect(stored.length).toBeGreaterThan(2 * pages.length); // pages really were split
    },
  );

  it('ranks page 2 first for a question about the table on page 2', async () => {
    const naive = baseline();
    await prepare(naive);
    const ranked = await naive.search('What is the recall@3 of graph walk + rerank?', docId, 10);
    expect(ranked[0]).toEqual({ docId, pageNumber: 2 });
    expect(ranked.every((r) => r.docId === docId)).toBe(true);
    expect(new Set(ranked.map((r) => r.pageNumber)).size).toBe(ranked.length);
    // A question without a searchable term still has the vector side.
    expect((await naive.search('???', docId, 3)).length).toBeGreaterThan(0);
  });

  it('the dense-only view searches the same windows by cosine alone', async () => {
    const naive = baseline();
    const stats = await prepare(naive);
    const dense = new NaiveDensePassageView(naive);
    const count = await naive.storedCount();
    // One preparation serves both: the view neither re-embeds nor duplicates the windows.
    expect(await dense.prepare([{ docId, pdfName: 'sample-report.pdf', pdfPath: '' }])).toEqual([stats]);
    expect(await naive.storedCount()).toBe(count);

    const question = 'What is the recall@3 of graph walk + rerank?';
    const stored = await naive.passages(docId);
    const q = await embedder.embedQuery(question);
    const vectors = await embedder.embedPassages(stored.map((p) => p.text));
    const best = new Map<number, number>();
    stored.forEach((p, i) =>
      best.set(p.pageNumber, Math.max(best.get(p.pageNumber) ?? -1, cosine(q, vectors[i]!))),
    );
    const expected = [...best.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .map(([pageNumber]) => pageNumber);
    expect((await dense.search(question, docId, 10)).map((r) => r.pageNumber)).toEqual(expected);
  });

  it('cleanup removes every NaivePassage node and the naive_* indexes', async () => {
    const naive = baseline();
    await prepare(naive);
    expect(await naive.storedCount()).toBeGreaterThan(0);
    expect(await naiveIndexes()).toEqual([
      'naive_passage_doc_id',
      'naive_passage_embedding',
      'naive_passage_text',
    ]);

    await naive.cleanup();
    expect(await naive.storedCount()).toBe(0);
    expect(await naiveIndexes()).toEqual([]);
    // Folio's own graph of the document is untouched.
    expect((await ctx.counts(docId)).nodes).toMatchObject({ Page: 4 });
  });
});
