import { Inject, Injectable } from '@nestjs/common';
import { FOLIO_CONFIG } from '../../config/config.tokens';
import type { FolioConfig } from '../../config/folio-config';
import { DocumentRepository } from '../../graph/document.repository';
import type { UsageMeter } from '../../llm/llm-usage';
import { documentNotFound } from '../../document/document.errors';
import type { PageHit, SearchScope, StageTiming } from '../retrieve.types';
import { hasFilter } from './document-filter';
import { type DocumentRoute, DocumentRouter } from './document-router';
import { mergeEscapes } from './document-routing';
import { RoutingRepository } from './routing.repository';

/** The documents a search ranks pages of: null = the whole corpus, [] = none (an empty result, not an error). */
export interface ResolvedScope {
  docIds: string[] | null;
  route: DocumentRoute | null;
  trace: string[];
}

/** Turns a request's scope (ids, filter, or neither) into the documents searched, routing an unscoped search. */
@Injectable()
export class SearchScopeService {
  private readonly routingOn: boolean;

  constructor(
    private readonly documents: DocumentRepository,
    private readonly routing: RoutingRepository,
    private readonly router: DocumentRouter,
    @Inject(FOLIO_CONFIG) config: FolioConfig,
  ) {
    this.routingOn = config.retrieve.routing;
  }

  /**
   * Named ids must exist (DOCUMENT_NOT_FOUND before any ranking) and a filter narrows them; runs while the question
   * is embedded. Null: neither ids nor a filter.
   */
  async admitted(scope: SearchScope): Promise<string[] | null> {
    const docIds = scope.docIds?.length ? [...new Set(scope.docIds)] : null;
    const filter = hasFilter(scope.filter) ? scope.filter : null;
    if (docIds) await this.checkDocumentsExist(docIds);
    if (!filter) return docIds;
    return this.routing.filteredDocuments(filter, docIds);
  }

  /** The documents searched: named or filtered ones as given, else routed (unless `routing` is off). */
  async resolve(
    scope: SearchScope,
    admitted: string[] | null,
    routing: boolean | undefined,
    // The embedding may still be computing: routing reads its word signals meanwhile.
    question: { query: string; embedding: number[] | Promise<number[]> },
    run: { timings: StageTiming[]; meter: UsageMeter },
  ): Promise<ResolvedScope> {
    const named = Boolean(scope.docIds?.length);
    if (admitted?.length === 0)
      return {
        docIds: [],
        route: null,
        trace: ['scope: no READY document matches the filter; nothing to search'],
      };
    if (named)
      return { docIds: admitted, route: null, trace: [`scope: ${admitted!.length} document(s), exact scan`] };
    if (!(routing ?? this.routingOn)) {
      const what = admitted
        ? `${admitted.length} filtered document(s), exact scan`
        : 'whole corpus, vector index';
      return { docIds: admitted, route: null, trace: [`scope: ${what} (routing off)`] };
    }
    const route = await this.router.route(
      question.query,
      question.embedding,
      admitted,
      run.timings,
      run.meter,
    );
    const what = admitted ? `${admitted.length} filtered document(s)` : 'whole corpus';
    return {
      docIds: route.docIds,
      route,
      trace: [`scope: ${what}, routed to documents first`, ...route.trace],
    };
  }

  /** The routed search's pages with the clearly better pages of unrouted documents let through. */
  async withEscapes(
    scope: ResolvedScope,
    pages: PageHit[],
    embedding: number[],
    timings: StageTiming[],
  ): Promise<PageHit[]> {
    if (!scope.route) return pages;
    return mergeEscapes(pages, await this.router.escapedPages(scope.route, embedding, timings));
  }

  private async checkDocumentsExist(docIds: string[]): Promise<void> {
    const found = await Promise.all(docIds.map((id) => this.documents.get(id)));
    const missing = docIds.filter((_, i) => !found[i]);
    if (missing.length) {
      throw documentNotFound(missing.join("', '"), "List documents with the 'documents' query.");
    }
  }
}
