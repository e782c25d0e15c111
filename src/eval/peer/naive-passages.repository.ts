import { Injectable } from '@nestjs/common';
import { CypherRegistry } from '../../graph/cypher-registry';
import { GraphExecutor } from '../../graph/graph-executor';
import type { PageWindow } from './page-windows';

export const NAIVE_INDEX_NAMES = ['naive_passage_embedding', 'naive_passage_text', 'naive_passage_doc_id'];
const INDEX_WAIT_SECONDS = 300;

export type StoredNaivePassage = { pageNumber: number; order: number; text: string };

/** The naive baseline's queries: its NaivePassage nodes and naive_* indexes, apart from Folio's graph. */
@Injectable()
export class NaivePassagesRepository {
  private readonly q;

  constructor(
    private readonly graph: GraphExecutor,
    cypher: CypherRegistry,
  ) {
    const get = (name: string) => cypher.get(`eval/naive-${name}`);
    this.q = {
      createVectorIndex: get('create-vector-index'),
      createTextIndex: get('create-text-index'),
      createDocIdIndex: get('create-doc-id-index'),
      awaitIndexes: get('await-indexes'),
      dropIndex: get('drop-index'),
      deletePassages: get('delete-passages'),
      listPageTexts: get('list-page-texts'),
      writePassages: get('write-passages'),
      listPassages: get('list-passages'),
      countPassages: get('count-passages'),
      searchPages: get('search-pages'),
    };
  }

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
