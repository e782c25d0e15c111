import { Injectable } from '@nestjs/common';
import { documentNotFound } from '../document/document.errors';
import { AnalyticsError, AnalyticsErrorCode } from './analytics.errors';
import { AnalyticsRepository } from './analytics.repository';
import type {
  CorpusDocumentRow,
  DocumentAnalytics,
  DocumentSimilarity,
  GdsMemoryEstimate,
  PageGraphAnalytics,
} from './analytics.types';
import { GdsRepository } from './gds.repository';

export interface PageGraphOptions {
  /** Write pageRank and community back onto the pages (additive properties). */
  write?: boolean;
  /** How many central pages to return (all pages are written back regardless). */
  topPages?: number;
  /** Refuse to project when GDS estimates more than this many bytes (default 256 MiB). */
  maxBytes?: number;
}

// The launcher gives Neo4j a 1 GiB heap by default; leave most of it to queries.
const DEFAULT_MAX_BYTES = 256 * 1024 ** 2;

/** Structure analytics: plain Cypher per document and per corpus, and GDS over the page graph. */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly cypher: AnalyticsRepository,
    private readonly gds: GdsRepository,
  ) {}

  async document(docId: string, hubPages = 5): Promise<DocumentAnalytics> {
    const overview = await this.cypher.overview(docId);
    if (!overview) {
      throw documentNotFound(docId, 'List documents with `folio stats` or the `documents` query.');
    }
    const [sectionTree, sections, pages, captions, crossReferences, readingOrder] = await Promise.all([
      this.cypher.sectionTree(docId),
      this.cypher.sectionKinds(docId),
      this.cypher.pages(docId),
      this.cypher.captionGaps(docId),
      this.cypher.crossReferences(docId),
      this.cypher.readingOrder(docId),
    ]);
    const hubs = [...pages]
      .sort((a, b) => b.degree - a.degree || a.pageNumber - b.pageNumber)
      .slice(0, hubPages);
    return {
      overview,
      sectionTree,
      sections,
      pages,
      captions,
      crossReferences,
      readingOrder,
      hubPages: hubs,
    };
  }

  async corpus(): Promise<CorpusDocumentRow[]> {
    return this.cypher.corpus();
  }

  /**
   * PageRank, Leiden communities and weakly connected components over the page graph of `docIds` (null = the
   * whole corpus). Links are SIMILAR_TO and REFERS_TO; while the graph has no SIMILAR_TO edge for these pages,
   * NEXT_PAGE stands in so a walk between pages still exists. Memory is estimated before projecting.
   */
  async pageGraph(docIds: string[] | null, options: PageGraphOptions = {}): Promise<PageGraphAnalytics> {
    await this.requireGds();
    let size = await this.gds.pageGraphSize(docIds, false);
    if (size.nodeCount === 0) {
      throw new AnalyticsError(
        AnalyticsErrorCode.NOTHING_TO_ANALYZE,
        docIds
          ? `No READY document among ${docIds.join(', ')}; ingest it first.`
          : 'No READY document in the graph; ingest one first.',
      );
    }
    // Without SIMILAR_TO (before `folio enrich --stages similar`), NEXT_PAGE keeps the pages connected.
    const withNextPage = size.similarLinks === 0;
    if (withNextPage) size = await this.gds.pageGraphSize(docIds, true);
    const estimate = await this.gds.estimate(size);
    this.checkMemory(estimate, options.maxBytes ?? DEFAULT_MAX_BYTES);
    const relationships = withNextPage ? ['REFERS_TO', 'NEXT_PAGE'] : ['REFERS_TO', 'SIMILAR_TO'];
    if (size.relationshipCount === 0) {
      // Pages that nothing links (a one-page document): GDS cannot project a graph without relationships.
      const empty = { centralPages: [], communities: [], components: [], written: 0 };
      return { relationships, nodeCount: size.nodeCount, relationshipCount: 0, estimate, ...empty };
    }

    return this.gds.withPageGraph(docIds, withNextPage, async (graphName, projected) => {
      const centralPages = await this.gds.pageRank(graphName);
      const communities = await this.gds.leiden(graphName);
      const components = await this.gds.components(graphName);
      let written = 0;
      if (options.write) {
        const community = new Map(communities.map((c) => [c.pageId, c.community]));
        written = await this.gds.writeCentrality(
          centralPages.map((p) => ({
            pageId: p.pageId,
            pageRank: p.score,
            community: community.get(p.pageId) ?? null,
          })),
        );
      }
      return {
        relationships,
        nodeCount: projected.nodeCount,
        relationshipCount: projected.relationshipCount,
        estimate,
        centralPages: centralPages.slice(0, options.topPages ?? 10),
        communities,
        components,
        written,
      };
    });
  }

  /** Which documents are alike: k nearest neighbours by the cosine of their mean section vectors. */
  async documentSimilarity(docIds: string[] | null = null, topK = 3): Promise<DocumentSimilarity[]> {
    await this.requireGds();
    return this.gds.withDocumentGraph(docIds, async (graphName, size) =>
      size.nodeCount < 2 ? [] : this.gds.documentSimilarity(graphName, Math.min(topK, size.nodeCount - 1)),
    );
  }

  /** Stored pageRank per page, keyed `docId:pageNumber` (pages never analysed are left out). */
  async storedPageRanks(docIds: string[]): Promise<Map<string, number>> {
    const rows = await this.gds.storedPageRanks(docIds);
    return new Map(
      rows.filter((r) => r.pageRank !== null).map((r) => [`${r.docId}:${r.pageNumber}`, r.pageRank!]),
    );
  }

  /** Folio projections left in the GDS catalog; empty unless a process died mid-analysis. */
  async openProjections(): Promise<string[]> {
    return this.gds.openProjections();
  }

  private checkMemory(estimate: GdsMemoryEstimate, maxBytes: number): void {
    const peak =
      estimate.projectionBytes + Math.max(estimate.pageRankBytes, estimate.leidenBytes, estimate.wccBytes);
    if (peak > maxBytes) {
      throw new AnalyticsError(
        AnalyticsErrorCode.GDS_MEMORY_EXCEEDED,
        `GDS estimates ${(peak / 1024 ** 2).toFixed(0)} MiB for this page graph, over the ${(maxBytes / 1024 ** 2).toFixed(0)} MiB allowed; analyse fewer documents at once.`,
      );
    }
  }

  private async requireGds(): Promise<void> {
    if ((await this.gds.version()) === null) {
      throw new AnalyticsError(
        AnalyticsErrorCode.GDS_NOT_INSTALLED,
        'Graph Data Science is not installed in Neo4j; start the server with `folio neo4j start` (NEO4J_GDS=true) or add the graph-data-science plugin.',
      );
    }
  }
}
