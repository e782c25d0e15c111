import { Injectable } from '@nestjs/common';
import type { PageWindow } from './page-windows';
import { CypherRepository } from '../../graph/cypher-repository';

export const NAIVE_INDEX_NAMES = ['naive_passage_embedding', 'naive_passage_text', 'naive_passage_doc_id'];
const INDEX_WAIT_SECONDS = 300;

export type StoredNaivePassage = { pageNumber: number; order: number; text: string };

/** The naive baseline's queries: its NaivePassage nodes and naive_* indexes, apart from Folio's graph. */
@Injectable()
export class NaivePassagesRepository extends CypherRepository {
  private readonly q = this.queries('eval', {
    createVectorIndex: 'naive-create-vector-index',
    createTextIndex: 'naive-create-text-index',
    createDocIdIndex: 'naive-create-doc-id-index',
    awaitIndexes: 'naive-await-indexes',
    dropIndex: 'naive-drop-index',
    deletePassages: 'naive-delete-passages',
    listPageTexts: 'naive-list-page-texts',
    writePassages: 'naive-write-passages',
    listPassages: 'naive-list-passages',
    countPassages: 'naive-count-passages',
    searchPages: 'naive-search-pages',
  });

  /** Creates the naive_* indexes for vectors of `dimension` and waits until they are online. */
  async createIndexes(dimension: number): Promise<void> {
    await this.graph.runAutoCommit(this.q.createVectorIndex, { dimension });
    await this.graph.runAutoCommit(this.q.createTextIndex);
    await this.graph.runAutoCommit(this.q.createDocIdIndex);
    // Waits on purpose (up to INDEX_WAIT_SECONDS), so not under the read timeout.
    await this.graph.read(this.q.awaitIndexes, { timeoutSeconds: INDEX_WAIT_SECONDS }, { timeoutMs: 0 });
  }

  /** Deletes every NaivePassage node and drops the naive_* indexes. */
  async dropAll(): Promise<void> {
    await this.graph.runAutoCommit(this.q.deletePassages);
    for (const name of NAIVE_INDEX_NAMES) await this.graph.runAutoCommit(this.q.dropIndex, { name });
  }

  /** Page.text of one of Folio's documents, the text both systems read. */
  pageTexts(docId: string): Promise<Array<{ pageNumber: number; text: string }>> {
    return this.graph.read<{ pageNumber: number; text: string }>(this.q.listPageTexts, { docId });
  }

  async writePassages(docId: string, passages: Array<PageWindow & { embedding: number[] }>): Promise<void> {
    await this.graph.write(this.q.writePassages, { docId, passages });
  }

  searchPages(query: {
    docId: string;
    embedding: number[];
    luceneQuery: string | null;
    candidates: number;
    rrfK: number;
    k: number;
  }): Promise<Array<{ pageNumber: number; score: number }>> {
    return this.graph.read<{ pageNumber: number; score: number }>(this.q.searchPages, query);
  }

  passages(docId: string): Promise<StoredNaivePassage[]> {
    return this.graph.read<StoredNaivePassage>(this.q.listPassages, { docId });
  }

  async count(): Promise<number> {
    const [row] = await this.graph.read<{ passages: number }>(this.q.countPassages);
    return row?.passages ?? 0;
  }
}
