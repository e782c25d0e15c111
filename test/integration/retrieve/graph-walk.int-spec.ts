// GRAPH on the real Neo4j: a page that matches the question poorly on its own (a table of figures) but follows the
// page that announces it is placed by the walk, with the edge that led to it.
import { EMBEDDER } from '../../../src/embed/embed.tokens';
import type { Embedder } from '../../../src/embed/embedder';
import { buildLuceneQuery } from '../../../src/retrieve/lucene-query';
import { RetrieveRepository, RRF_K } from '../../../src/retrieve/retrieve.repository';
import { createIngestContext, IngestContext, uniqueCopy } from '../../support/ingest-context';
import { filler } from '../../support/falcon-report';
import { makeTextPdf } from '../../support/make-pdf';

const PAGES = [
  [
    'Falcon project: annual results',
    'The Falcon project closed the year ahead of plan. The detailed annual results for revenue, operating ' +
      'margin and headcount are given in Table 7 on the next page.',
  ],
  ['Table 7', 'Revenue 41.2 million', 'Operating margin 18 percent', 'Headcount 312', 'Customer sites 27'],
  filler('the car park'),
  ['Falcon project: history', 'The Falcon project began as a research programme and became a product line.'],
  filler('the canteen'),
  [
    'Falcon project: team',
    'The Falcon project team is led by the product group and works from three offices.',
  ],
  filler('the library'),
  [
    'Falcon project: risks',
    'The Falcon project risks include supplier delays and the cost of certification.',
  ],
  filler('the mail room'),
];
const QUESTION = 'What were the annual results of the Falcon project?';

describe('GRAPH walks the page graph', () => {
  let ctx: IngestContext;
  let docId: string;

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-walk`;
    await ctx.ingest.ingest(uniqueCopy(await makeTextPdf(PAGES)), { fileName: 'falcon.pdf', docId });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  it('reports the edge and the page that led to a walked page, in the result and the trace', async () => {
    const graph = await ctx.retrieve.search({
      query: QUESTION,
      strategy: 'GRAPH',
      scope: { docIds: [docId] },
      k: PAGES.length,
    });
    expect(graph.pages.find((p) => p.pageNumber === 1)).toMatchObject({ hop: 0, reason: 'graph:seed' });
    const walked = graph.pages.find((p) => p.pageNumber === 2)!;
    expect(walked).toMatchObject({ hop: 1, fromPage: 1 });
    expect(['graph:next-page', 'graph:refers-to']).toContain(walked.reason);
    expect(walked.elements.length).toBeGreaterThan(0); // cites the page's own passage
    expect(graph.trace.some((line) => /p\.2 ← (next-page|refers-to) from p\.1 \(hop 1\)/.test(line))).toBe(
      true,
    );
    // The same as data: one step per page, in rank order, no judge; the missing SIMILAR_TO is a warning.
    const step = graph.steps.find((st) => st.pageNumber === 2)!;
    expect(step).toMatchObject({ fromPage: 1, hop: 1, verdict: 'NOT_JUDGED', judge: null });
    expect(['next-page', 'refers-to']).toContain(step.via);
    expect(graph.steps.find((st) => st.pageNumber === 1)).toMatchObject({ via: 'seed', fromPage: null });
    expect(graph.steps.map((st) => st.pageNumber)).toEqual(graph.pages.map((p) => p.pageNumber));
    expect(graph.warnings).toEqual([
      expect.stringContaining(`npm run folio -- enrich ${docId} --stages similar`),
    ]);
    expect(graph.cost).toMatchObject({ judgeCalls: 0, llmCalls: 0, pagesVisited: graph.steps.length });
    // Pages of the office notes sit next to weaker seeds only: the page after the best match outranks them.
    const rank = (n: number) => graph.pages.findIndex((p) => p.pageNumber === n);
    for (const fillerPage of [3, 5, 7, 9]) expect(rank(2)).toBeLessThan(rank(fillerPage));
  });

  it('moves a walked page up as the walk weighs more, and ranks as the fused seeds without it', async () => {
    const repo = ctx.module.get(RetrieveRepository);
    const embedding = Array.from(await ctx.module.get<Embedder>(EMBEDDER).embedQuery(QUESTION));
    const walk = (walkWeight: number) =>
      repo.graphWalkPages({
        statementPages: [],
        embedding,
        docIds: [docId],
        luceneQuery: buildLuceneQuery(QUESTION, ['text'], [docId]),
        candidates: 50,
        k: PAGES.length,
        perPage: 1,
        rrfK: RRF_K,
        seeds: 3,
        walkWeight,
        hopDecay: 0.5,
      });
    const still = await walk(0);
    expect(still.every((p) => p.via === 'seed' && p.hop === 0)).toBe(true);
    const strong = await walk(1.5);
    const order = (pages: Awaited<ReturnType<typeof walk>>) => pages.map((p) => p.pageNumber);
    expect(order(strong).indexOf(2)).toBeLessThan(order(still).indexOf(2));
    expect(order(strong).indexOf(2)).toBeLessThanOrEqual(1); // right after (or even before) the page citing it
  });

  it('keeps its seeds when the full-text side has no hit', async () => {
    const result = await ctx.retrieve.search({
      query: 'Falkon projekt Ergebnisse',
      strategy: 'GRAPH',
      scope: { docIds: [docId] },
      k: 3,
    });
    expect(result.pages.length).toBe(3);
  });
});
