import { Injectable } from '@nestjs/common';
import { buildLuceneQuery } from '../lucene-query';
import { withoutStopwords } from '../text-match';
import { type DocumentFilter, filterParams } from './document-filter';
import type { SignalHit } from './document-routing';
import { CypherRepository } from '../../graph/cypher-repository';

/** Document routing's queries (cypher/retrieve/route-documents, filter-documents): indexes and Document nodes only. */
@Injectable()
export class RoutingRepository extends CypherRepository {
  private readonly q = this.queries('retrieve', {
    route: 'route-documents',
    filter: 'filter-documents',
  });

  /** Each READY document's best hit per routing signal; `allowed` (null = all) keeps a filter's documents. */
  async signalHits(query: {
    text: string;
    embedding: number[];
    candidates: number;
    voters: number;
    allowed: string[] | null;
  }): Promise<SignalHit[]> {
    // Titles and section titles are indexed with stop words: "the" or "what" would rank every title that says them.
    const words = withoutStopwords(query.text);
    return this.graph.read<SignalHit>(this.q.route, {
      embedding: query.embedding,
      titleQuery: buildLuceneQuery(words, ['title', 'fileName'], null),
      outlineQuery: buildLuceneQuery(words, ['title'], null),
      textQuery: buildLuceneQuery(query.text, ['text'], null),
      candidates: query.candidates,
      voters: query.voters,
      allowed: query.allowed,
    });
  }

  /** The READY documents the filter admits, among `docIds` when given, newest first. */
  async filteredDocuments(filter: DocumentFilter, docIds: string[] | null): Promise<string[]> {
    const rows = await this.graph.read<{ docId: string }>(this.q.filter, { docIds, ...filterParams(filter) });
    return rows.map((r) => r.docId);
  }
}
