import { Injectable } from '@nestjs/common';
import { CypherRegistry } from '../graph/cypher-registry';
import type {
  CaptionGaps,
  CorpusDocumentRow,
  CrossReferenceStats,
  DocumentOverview,
  PageProfile,
  ReadingOrderStats,
  SectionKinds,
  SectionTreeShape,
} from './analytics.types';
import { CypherRepository } from '../graph/cypher-repository';

/** Structure analytics in plain Cypher (cypher/analytics/), one read per question asked of a document. */
@Injectable()
export class AnalyticsRepository extends CypherRepository {
  private readonly q = this.queries('analytics', {
    overview: 'document-overview',
    sectionTree: 'section-tree',
    sectionKinds: 'section-element-kinds',
    pages: 'page-profile',
    captions: 'caption-gaps',
    crossReferences: 'cross-references',
    readingOrder: 'reading-order',
    corpus: 'corpus-overview',
  });

  async overview(docId: string): Promise<DocumentOverview | null> {
    const [row] = await this.graph.read<DocumentOverview>(this.q.overview, { docId });
    return row ?? null;
  }

  async sectionTree(docId: string): Promise<SectionTreeShape> {
    return this.one<SectionTreeShape>(this.q.sectionTree, docId);
  }

  async sectionKinds(docId: string): Promise<SectionKinds[]> {
    return this.graph.read<SectionKinds>(this.q.sectionKinds, { docId });
  }

  async pages(docId: string): Promise<PageProfile[]> {
    return this.graph.read<PageProfile>(this.q.pages, { docId });
  }

  async captionGaps(docId: string): Promise<CaptionGaps> {
    return this.one<CaptionGaps>(this.q.captions, docId);
  }

  async crossReferences(docId: string): Promise<CrossReferenceStats> {
    return this.one<CrossReferenceStats>(this.q.crossReferences, docId);
  }

  async readingOrder(docId: string): Promise<ReadingOrderStats> {
    return this.one<ReadingOrderStats>(this.q.readingOrder, docId);
  }

  /** One row per READY document; a scan of the whole graph, so no read timeout. */
  async corpus(): Promise<CorpusDocumentRow[]> {
    return this.graph.read<CorpusDocumentRow>(this.q.corpus, {}, { timeoutMs: 0 });
  }

  private async one<R>(query: ReturnType<CypherRegistry['get']>, docId: string): Promise<R> {
    const [row] = await this.graph.read<R & Record<string, unknown>>(query, { docId });
    if (!row) throw new Error(`${query.name} returned no row for ${docId}`);
    return row;
  }
}
