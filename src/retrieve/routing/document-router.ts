import { Injectable } from '@nestjs/common';
import type { UsageMeter } from '../../llm/llm-usage';
import { LlmService } from '../../llm/llm.service';
import { ELEMENTS_PER_PAGE, timed } from '../rankers/ranker';
import { RetrieveRepository } from '../retrieve.repository';
import type { PageHit, StageTiming } from '../retrieve.types';
import {
  escapingPages,
  fuseDocuments,
  kindNamed,
  PASSAGE_VOTERS,
  ROUTED_DOCUMENTS,
  type RoutedDocument,
  routingTrace,
} from './document-routing';
import { RoutingRepository } from './routing.repository';

/** Hits per index a routing signal reads; with a filter more, since hits outside it are dropped after the index. */
const CANDIDATES = 100;
const FILTERED_CANDIDATES = 400;
/** Documents the LLM picks among, best fused first. */
export const LLM_ROUTE_CANDIDATES = 8;

/** Which documents an unscoped search looks in, and the pages of other documents that clearly beat them. */
export interface DocumentRoute {
  /** Documents the scoped strategy searches, best first; empty when no READY document is in scope. */
  docIds: string[];
  considered: RoutedDocument[];
  escapes: Array<{ docId: string; pageNumber: number; similarity: number }>;
  trace: string[];
}

/** Document routing: the signals of route-documents(-text).cypher fused (document-routing.ts) into the documents searched. */
@Injectable()
export class DocumentRouter {
  constructor(
    private readonly routing: RoutingRepository,
    private readonly retrieve: RetrieveRepository,
    private readonly llm: LlmService,
  ) {}

  /**
   * Routes a question over READY documents (`allowed` null = all of them, else those a filter admitted). The word
   * signals are read while the question is still being embedded; the vector signals once `embedding` resolves.
   */
  async route(
    query: string,
    embedding: number[] | Promise<number[]>,
    allowed: string[] | null,
    timings: StageTiming[],
    meter: UsageMeter,
  ): Promise<DocumentRoute> {
    if (allowed && allowed.length <= ROUTED_DOCUMENTS) {
      const trace = [`routing: the filter admits ${allowed.length} document(s); all are searched`];
      return { docIds: allowed, considered: [], escapes: [], trace };
    }
    const signals = {
      candidates: allowed ? FILTERED_CANDIDATES : CANDIDATES,
      // Under a filter the indexes' top passages may all be outside it: read more, the fusion keeps the first voters.
      voters: allowed ? FILTERED_CANDIDATES : PASSAGE_VOTERS,
      allowed,
    };
    const [textHits, vectorHits] = await Promise.all([
      timed(timings, 'route-text', () => this.routing.textHits(query, signals)),
      Promise.resolve(embedding).then((vector) =>
        timed(timings, 'route-documents', () => this.routing.vectorHits(vector, signals)),
      ),
    ]);
    const hits = [...textHits, ...vectorHits];
    const considered = fuseDocuments(hits, kindNamed(query));
    if (considered.length === 0 && allowed) {
      // The filter's documents held none of the indexes' best hits: search them all rather than none.
      const trace = [
        `routing: no index hit among the filter's ${allowed.length} documents; all are searched`,
      ];
      return { docIds: allowed, considered, escapes: [], trace };
    }
    const picked = await this.picked(query, considered, timings, meter);
    const docIds = picked.docIds;
    const chosen = new Set(docIds);
    const escapes = escapingPages(considered, chosen);
    const trace = [
      considered.length === 0
        ? 'routing: no READY document in scope; nothing to search'
        : `routing: ${considered.length} document(s) considered, ${docIds.length} searched`,
      ...picked.trace,
      ...routingTrace(considered, chosen),
      ...escapes.map(
        (e) =>
          `routing: let through p. ${e.pageNumber} of unrouted document ${e.docId} ` +
          `(best passage ${e.similarity.toFixed(3)} beats the routed documents' by the margin)`,
      ),
    ];
    return { docIds, considered, escapes, trace };
  }

  /**
   * The documents searched: with an LLM configured the model picks among the top fused candidates (an empty or failed
   * pick keeps the fused order); offline the fused ranking decides.
   */
  private async picked(
    question: string,
    considered: RoutedDocument[],
    timings: StageTiming[],
    meter: UsageMeter,
  ): Promise<{ docIds: string[]; trace: string[] }> {
    const fused = considered.slice(0, ROUTED_DOCUMENTS).map((d) => d.docId);
    if (!this.llm.enabled || considered.length <= ROUTED_DOCUMENTS) return { docIds: fused, trace: [] };
    const candidates = considered.slice(0, LLM_ROUTE_CANDIDATES).map((d) => ({
      id: d.docId,
      title: d.title,
      evidence: d.signals.flatMap((s) => (s.evidence ? [`${s.signal}: ${s.evidence}`] : [])).slice(0, 3),
    }));
    const outcome = await timed(timings, 'route-llm', () =>
      this.llm.route({ question, candidates, pick: ROUTED_DOCUMENTS }, { meter }),
    );
    if (outcome.source !== 'llm' || outcome.value.docIds.length === 0) {
      const why = outcome.warning ?? 'the model picked no offered document';
      return {
        docIds: fused,
        trace: [`routing: the LLM's pick was not used (${why}); the fused ranking decides`],
      };
    }
    const reason = outcome.value.reason ? `: ${outcome.value.reason}` : '';
    return {
      docIds: outcome.value.docIds,
      trace: [
        `routing: the LLM picked ${outcome.value.docIds.join(', ')} among the top ${candidates.length}${reason}`,
      ],
    };
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
