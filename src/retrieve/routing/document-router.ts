import { Injectable } from '@nestjs/common';
import { ELEMENTS_PER_PAGE, timed } from '../rankers/ranker';
import { RetrieveRepository } from '../retrieve.repository';
import type { PageHit, StageTiming } from '../retrieve.types';
import {
  escapingPages,
  fuseDocuments,
  ROUTED_DOCUMENTS,
  type RoutedDocument,
  routingTrace,
} from './document-routing';
import { RoutingRepository } from './routing.repository';

/** Hits per index a routing signal reads; with a filter more, since hits outside it are dropped after the index. */
const CANDIDATES = 100;
const FILTERED_CANDIDATES = 400;

/** Which documents an unscoped search looks in, and the pages of other documents that clearly beat them. */
export interface DocumentRoute {
  /** Documents the scoped strategy searches, best first; empty when no READY document is in scope. */
  docIds: string[];
  considered: RoutedDocument[];
  escapes: Array<{ docId: string; pageNumber: number; similarity: number }>;
  trace: string[];
}

/** Document routing: the signals of route-documents.cypher fused (document-routing.ts) into the documents searched. */
@Injectable()
export class DocumentRouter {
  constructor(
    private readonly routing: RoutingRepository,
    private readonly retrieve: RetrieveRepository,
  ) {}

  /** Routes a question over READY documents (`allowed` null = all of them, else those a filter admitted). */
  async route(
    query: string,
    embedding: number[],
    allowed: string[] | null,
    timings: StageTiming[],
  ): Promise<DocumentRoute> {
    if (allowed && allowed.length <= ROUTED_DOCUMENTS) {
      const trace = [`routing: the filter admits ${allowed.length} document(s); all are searched`];
      return { docIds: allowed, considered: [], escapes: [], trace };
    }
    const hits = await timed(timings, 'route-documents', () =>
      this.routing.signalHits({
        text: query,
        embedding,
        candidates: allowed ? FILTERED_CANDIDATES : CANDIDATES,
        allowed,
      }),
    );
    const considered = fuseDocuments(hits);
    if (considered.length === 0 && allowed) {
      // The filter's documents held none of the indexes' best hits: search them all rather than none.
      const trace = [
        `routing: no index hit among the filter's ${allowed.length} documents; all are searched`,
      ];
      return { docIds: allowed, considered, escapes: [], trace };
    }
    const docIds = considered.slice(0, ROUTED_DOCUMENTS).map((d) => d.docId);
    const chosen = new Set(docIds);
    const escapes = escapingPages(considered, chosen);
    const trace = [
      considered.length === 0
        ? 'routing: no READY document in scope; nothing to search'
        : `routing: ${considered.length} document(s) considered, the top ${docIds.length} searched`,
      ...routingTrace(considered, chosen),
      ...escapes.map(
        (e) =>
          `routing: let through p. ${e.pageNumber} of unrouted document ${e.docId} ` +
          `(best passage ${e.similarity.toFixed(3)} beats the routed documents' by the margin)`,
      ),
    ];
    return { docIds, considered, escapes, trace };
  }

  /** The escaped pages as hits, their evidence the passages nearest the question. */
  async escapedPages(route: DocumentRoute, embedding: number[], timings: StageTiming[]): Promise<PageHit[]> {
    if (route.escapes.length === 0) return [];
    const found = await timed(timings, 'route-escapes', () =>
      Promise.all(
        route.escapes.map((e) =>
          this.retrieve.namedPages({
            docId: e.docId,
            pageNumbers: [e.pageNumber],
            embedding,
            perPage: ELEMENTS_PER_PAGE,
          }),
        ),
      ),
    );
    return found.flat().map((c) => {
      const escape = route.escapes.find((e) => e.docId === c.docId && e.pageNumber === c.pageNumber);
      return { ...c, score: escape?.similarity ?? c.score, hop: 0, reason: 'routing-escape' };
    });
  }
}
