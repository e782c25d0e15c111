import { Injectable } from '@nestjs/common';
import { buildLuceneQuery } from '../lucene-query';
import { withoutStopwords } from '../text-match';
import { type DocumentFilter, filterParams } from './document-filter';
import type { SignalHit } from './document-routing';
import { CypherRepository } from '../../graph/cypher-repository';

/** How many hits a routing signal reads, and the documents a filter admits (null = all). */
export interface SignalQuery {
  candidates: number;
  voters: number;
  allowed: string[] | null;
}

/**
 * Document routing's queries (cypher/retrieve/route-documents, route-documents-text, filter-documents): indexes and
 * Document nodes only.
 */
@Injectable()
export class RoutingRepository extends CypherRepository {
  private readonly q = this.queries('retrieve', {
    route: 'route-documents',
    routeText: 'route-documents-text',
    filter: 'filter-documents',
  });

  /** Each READY document's hits in the word signals (title, outline, passage text): needs no embedding. */
  async textHits(text: string, query: SignalQuery): Promise<SignalHit[]> {
    // The indexes keep stop words: "the" or "what" would rank every title that says them, and over passages they
    // match nearly every one, so the full-text query's work would grow with the library instead of with its words.
    const words = withoutStopwords(text);
    return this.graph.read<SignalHit>(this.q.routeText, {
      titleQuery: buildLuceneQuery(words, ['title', 'fileName'], null),
      outlineQuery: buildLuceneQuery(words, ['title'], null),
      textQuery: buildLuceneQuery(words, ['text'], null),
      ...query,
    });
  }

  /** Each READY document's hits in the vector signals (section, summary, passage), plus a filter's documents. */
  async vectorHits(embedding: number[], query: SignalQuery): Promise<SignalHit[]> {
    return this.graph.read<SignalHit>(this.q.route, { embedding, ...query });
  }

  /** The READY documents the filter admits, among `docIds` when given, newest first. */
  async filteredDocuments(filter: DocumentFilter, docIds: string[] | null): Promise<string[]> {
    const rows = await this.graph.read<{ docId: string }>(this.q.filter, { docIds, ...filterParams(filter) });
    return rows.map((r) => r.docId);
  }
}
