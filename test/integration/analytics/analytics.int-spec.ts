// Structure analytics on the real Neo4j with GDS, over the sample report (test/fixtures/pdf/README.md says what
// it holds): values known from the PDF, stable GDS results, and no projection left behind.
import { DocumentErrorCode } from '../../../src/document/document.errors';
import { AnalyticsErrorCode } from '../../../src/analytics/analytics.errors';
import { AnalyticsModule } from '../../../src/analytics/analytics.module';
import { AnalyticsService } from '../../../src/analytics/analytics.service';
import { GdsRepository } from '../../../src/analytics/gds.repository';
import { createFolioTestModule, fixture, uniqueCopy } from '../../support/ingest-context';
import { IngestService } from '../../../src/ingest/ingest.service';
import { TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';

describe('structure analytics of the sample report', () => {
  let module: TestingModule;
  let analytics: AnalyticsService;
  let ingest: IngestService;
  const run = `tana${randomUUID().slice(0, 8)}`;
  const docA = `${run}-a`;
  const docB = `${run}-b`;

  beforeAll(async () => {
    module = await createFolioTestModule([AnalyticsModule]);
    analytics = module.get(AnalyticsService);
    ingest = module.get(IngestService);
    for (const docId of [docA, docB])
      await ingest.ingest(uniqueCopy(fixture('pdf', 'sample-report.pdf')), {
        fileName: 'sample-report.pdf',
        docId,
      });
  });
  afterAll(async () => {
    for (const id of [docA, docB]) await ingest.deleteDocument(id).catch(() => undefined);
    await module.close();
  });

  it('counts pages, sections, visuals and OCR pages', async () => {
    const { overview } = await analytics.document(docA);
    expect(overview).toMatchObject({
      docId: docA,
      pageCount: 4,
      ocrPages: 0,
      ocrShare: 0,
      sections: 5,
      tables: 1,
      figures: 1,
      charts: 0,
      nextPageEdges: 3,
      similarEdges: 0,
    });
  });

  it('measures the section tree: 1, 2 > 2.1, 3, Appendix A', async () => {
    const { sectionTree, sections } = await analytics.document(docA);
    expect(sectionTree).toEqual({
      sectionCount: 5,
      maxDepth: 2,
      leafCount: 4,
      minLeafDepth: 1,
      maxLeafDepth: 2,
      meanChildren: 1,
      childrenStdDev: 0,
      levels: [
        { depth: 1, sections: 4 },
        { depth: 2, sections: 1 },
      ],
    });
    const data = sections.find((s) => s.title === '2.1 Data')!;
    const kinds = Object.fromEntries(data.kinds.map((k) => [k.kind, k.count]));
    expect(kinds).toMatchObject({ table: 1, figure: 1, caption: 2 });
    expect(data).toMatchObject({ path: '2 Methods > 2.1 Data', level: 2, pageStart: 2, pageEnd: 2 });
  });

  it('finds every visual captioned and every caption used', async () => {
    const { captions } = await analytics.document(docA);
    expect(captions).toEqual({ uncaptioned: [], orphanCaptions: [] });
  });

  it('counts the resolved cross-references by target and finds none dangling', async () => {
    const { crossReferences } = await analytics.document(docA);
    expect(crossReferences.references).toBe(7);
    const byTarget = Object.fromEntries(crossReferences.byTarget.map((b) => [b.target, b.count]));
    expect(byTarget).toEqual({ Page: 1, Section: 3, figure: 2, table: 1 });
    expect(crossReferences.perPage).toBeCloseTo(7 / 4);
    expect(crossReferences.dangling).toBe(0);
  });

  it('finds the reading order one unbroken chain', async () => {
    const { readingOrder } = await analytics.document(docA);
    expect(readingOrder.chainLinks).toBe(readingOrder.elements - 1);
    expect(readingOrder).toMatchObject({
      backwardPageSteps: 0,
      skippedPageSteps: 0,
      backwardInPage: 0,
      offChain: 0,
      branching: 0,
    });
  });

  it('profiles pages: the table and figure on page 2, which the mentions on pages 1 and 4 point at', async () => {
    const { pages, hubPages } = await analytics.document(docA);
    expect(pages.map((p) => p.pageNumber)).toEqual([1, 2, 3, 4]);
    expect(pages[1]).toMatchObject({ tables: 1, figures: 1, refersIn: 3, nextPage: 2 });
    expect(pages[0]).toMatchObject({ refersOut: 5, nextPage: 1 });
    expect(hubPages[0]?.pageNumber).toBe(1); // 5 mentions out + 1 NEXT_PAGE
  });

  it('rejects an unknown document with a typed error', async () => {
    await expect(analytics.document(`${run}-missing`)).rejects.toMatchObject({
      code: DocumentErrorCode.DOCUMENT_NOT_FOUND,
    });
  });

  it('lists both copies in the corpus comparison', async () => {
    const rows = (await analytics.corpus()).filter((r) => r.docId.startsWith(run));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      pageCount: 4,
      sections: 5,
      maxDepth: 2,
      visuals: 2,
      uncaptioned: 0,
      references: 7,
    });
  });

  describe('with Graph Data Science', () => {
    it('ranks pages, finds communities and islands, the same way twice, leaving no projection', async () => {
      const first = await analytics.pageGraph([docA]);
      expect(first.relationships).toEqual(['REFERS_TO', 'NEXT_PAGE']); // the fixture has no SIMILAR_TO
      expect(first.nodeCount).toBe(4);
      // 7 mentions lifted to pages and 3 NEXT_PAGE, each as CITES and as undirected LINK (counted twice),
      // and NEXT_PAGE also as a backward CITES
      expect(first.relationshipCount).toBe(7 * 3 + 3 * 4);
      expect(first.estimate.projectionBytes).toBeGreaterThan(0);
      expect(first.centralPages[0]?.pageNumber).toBe(2); // the table and figure everything cites
      expect(first.components).toEqual([
        { component: expect.any(Number), docId: docA, size: 4, pageNumbers: [1, 2, 3, 4] },
      ]);
      expect(first.communities).toHaveLength(4);
      const second = await analytics.pageGraph([docA]);
      expect(second.centralPages).toEqual(first.centralPages);
      expect(second.communities).toEqual(first.communities);
      expect(await analytics.openProjections()).toEqual([]);
    });

    it('writes pageRank and community back onto the pages when asked', async () => {
      const result = await analytics.pageGraph([docA], { write: true });
      expect(result.written).toBe(4);
      const again = await analytics.pageGraph([docA]);
      expect(again.written).toBe(0);
    });

    it('drops the projection even when the work on it fails', async () => {
      const gds = module.get(GdsRepository);
      await expect(
        gds.withPageGraph([docA], true, async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await analytics.openProjections()).toEqual([]);
    });

    it('refuses a page graph over the memory budget before projecting', async () => {
      await expect(analytics.pageGraph([docA], { maxBytes: 1024 })).rejects.toMatchObject({
        code: AnalyticsErrorCode.GDS_MEMORY_EXCEEDED,
      });
      expect(await analytics.openProjections()).toEqual([]);
    });

    it('finds the two copies of one report each other’s nearest document', async () => {
      const pairs = await analytics.documentSimilarity([docA, docB], 1);
      expect(pairs.map((p) => [p.docId, p.otherDocId])).toEqual([
        [docA, docB],
        [docB, docA],
      ]);
      expect(pairs[0]!.similarity).toBeGreaterThan(0.99);
      expect(await analytics.openProjections()).toEqual([]);
    });

    it('says clearly when there is nothing to analyse', async () => {
      await expect(analytics.pageGraph([`${run}-missing`])).rejects.toMatchObject({
        code: AnalyticsErrorCode.NOTHING_TO_ANALYZE,
      });
    });
  });
});
