import { Injectable } from '@nestjs/common';
import type { PassageRow } from './ingest.repository';
import type { UnitSourceElement } from './retrieval-units';
import { CypherRepository } from '../graph/cypher-repository';

/** Rows per write transaction. */
const BATCH = 256;

/** A page's vectors as re-embedding writes them: the mean of its passages' and its head's. */
export interface PageVectorRow {
  pageNumber: number;
  embedding: number[] | null;
  headEmbedding: number[] | null;
}

/** The queries of re-embedding: read what stored documents hold, write their new vectors. */
@Injectable()
export class ReembedRepository extends CypherRepository {
  private readonly q = {
    ...this.queries('ingest', {
      unitSources: 'list-unit-sources',
      deletePassages: 'delete-document-passages',
      writePassages: 'write-passages',
      documents: 'list-document-ids',
      clearElementVectors: 'clear-element-vectors',
      setPages: 'set-page-vectors',
      sections: 'list-section-paths',
      setSections: 'set-section-vectors',
      setModel: 'set-document-embedding-model',
    }),
    pageTexts: this.cypher.get('retrieve/document-page-texts'),
    dropIndexes: ['element', 'passage', 'page', 'section', 'summary'].map((label) =>
      this.cypher.get(`graph/drop-${label}-vector-index`),
    ),
  };

  /** Drops every vector index (migrations recreate them for the new dimension). */
  async dropVectorIndexes(): Promise<void> {
    for (const drop of this.q.dropIndexes) await this.graph.runAutoCommit(drop);
  }

  async documentIds(): Promise<string[]> {
    return (await this.graph.read<{ id: string }>(this.q.documents)).map((d) => d.id);
  }

  sectionPaths(docId: string): Promise<Array<{ id: string; path: string }>> {
    return this.graph.read<{ id: string; path: string }>(this.q.sections, { docId });
  }

  async setSectionVectors(rows: Array<{ id: string; embedding: number[] }>): Promise<void> {
    await this.graph.write(this.q.setSections, { rows });
  }

  async setEmbeddingModel(docId: string, model: string): Promise<void> {
    await this.graph.write(this.q.setModel, { docId, model });
  }

  unitSources(docId: string): Promise<UnitSourceElement[]> {
    return this.graph.read<UnitSourceElement>(this.q.unitSources, { docId });
  }

  pageTexts(docId: string): Promise<Array<{ pageNumber: number; text: string }>> {
    return this.graph.read<{ pageNumber: number; text: string }>(this.q.pageTexts, { docIds: [docId] });
  }

  /** Replaces the document's passages, in batches. */
  async replacePassages(docId: string, passages: PassageRow[]): Promise<void> {
    await this.graph.write(this.q.deletePassages, { docId });
    await this.writeBatches(this.q.writePassages, passages, BATCH, { docId }, 'passages');
  }

  async setPageVectors(docId: string, rows: PageVectorRow[]): Promise<void> {
    await this.writeBatches(this.q.setPages, rows, BATCH, { docId });
  }

  /** Removes the element vectors of a document stored before retrieval units (nothing reads them). */
  async clearElementVectors(docId: string): Promise<void> {
    await this.graph.write(this.q.clearElementVectors, { docId });
  }
}
