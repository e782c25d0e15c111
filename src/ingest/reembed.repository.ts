import { Injectable } from '@nestjs/common';
import { CypherRegistry } from '../graph/cypher-registry';
import { GraphExecutor } from '../graph/graph-executor';
import type { PassageRow } from './ingest.repository';
import type { UnitSourceElement } from './retrieval-units';

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
export class ReembedRepository {
  private readonly q;

  constructor(
    private readonly graph: GraphExecutor,
    cypher: CypherRegistry,
  ) {
    const get = (name: string) => cypher.get(name);
    this.q = {
      dropIndexes: ['element', 'passage', 'page', 'section', 'summary'].map((l) =>
        get(`graph/drop-${l}-vector-index`),
      ),
      unitSources: get('ingest/list-unit-sources'),
      pageTexts: get('retrieve/document-page-texts'),
      deletePassages: get('ingest/delete-document-passages'),
      writePassages: get('ingest/write-passages'),
      documents: get('ingest/list-document-ids'),
      clearElementVectors: get('ingest/clear-element-vectors'),
      setPages: get('ingest/set-page-vectors'),
      sections: get('ingest/list-section-paths'),
      setSections: get('ingest/set-section-vectors'),
      setModel: get('ingest/set-document-embedding-model'),
    };
  }

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
    for (let i = 0; i < passages.length; i += BATCH) {
      await this.graph.write(this.q.writePassages, { docId, passages: passages.slice(i, i + BATCH) });
    }
  }

  async setPageVectors(docId: string, rows: PageVectorRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      await this.graph.write(this.q.setPages, { docId, rows: rows.slice(i, i + BATCH) });
    }
  }

  /** Removes the element vectors of a document stored before retrieval units (nothing reads them). */
  async clearElementVectors(docId: string): Promise<void> {
    await this.graph.write(this.q.clearElementVectors, { docId });
  }
}
