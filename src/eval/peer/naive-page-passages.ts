import type { Embedder } from '../../embed/embedder';
import { buildLuceneQuery } from '../../retrieve/lucene-query';
import type { PeerDocument, PeerIngestStats, PeerRetriever } from '../bench-ports';
import type { PageRef } from '../metrics';
import type { NaivePassagesRepository, StoredNaivePassage } from './naive-passages.repository';
import { pageWindows, type PageWindow } from './page-windows';
import { prepareEach } from './prepare-each';

// The naive page-passage baseline: each page's plain text as Folio stored it (Page.text, so both
// systems read the same text) cut into 200-token windows, embedded with Folio's embedder, searched by exact
// cosine and full text, fused by RRF, page = best passage. It lives under its own label and naive_* indexes on
// the same Neo4j and never touches Folio's graph.

export const NAIVE_NODE_LABEL = 'NaivePassage';
export const NAIVE_WINDOW_TOKENS = 200;
/** Passages each side (vector, full text) contributes to the fusion. */
export const NAIVE_CANDIDATES = 50;
export const NAIVE_RRF_K = 60;
/** Windows embedded and written per round trip. */
const WRITE_BATCH = 64;

export class NaivePagePassageBaseline implements PeerRetriever {
  readonly name = 'naive-page-passages';
  private ready = false;
  /** One preparation per run, however many views of these windows are measured. */
  private prepared: Promise<PeerIngestStats[]> | null = null;

  constructor(
    private readonly repo: NaivePassagesRepository,
    private readonly embedder: Embedder,
    private readonly windowTokens = NAIVE_WINDOW_TOKENS,
  ) {}

  /** Passages left by an earlier (interrupted) run are removed first, then the indexes are created. */
  private async open(): Promise<void> {
    if (this.ready) return;
    await this.repo.dropAll();
    await this.repo.createIndexes(this.embedder.dimension);
    this.ready = true;
  }

  /**
   * Page text from Folio's graph → windows → vectors → NaivePassage nodes; one stats row per document. A second call
   * (the dense-only view) gets the first one's windows and stats.
   */
  prepare(
    docs: PeerDocument[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<PeerIngestStats[]> {
    this.prepared ??= this.store(docs, onProgress);
    return this.prepared;
  }

  private async store(
    docs: PeerDocument[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<PeerIngestStats[]> {
    await this.open();
    return prepareEach(docs, onProgress, async (doc) => {
      const pages = await this.repo.pageTexts(doc.docId);
      const windows = pageWindows(pages, (t) => this.embedder.countTokens(t), this.windowTokens);
      for (let i = 0; i < windows.length; i += WRITE_BATCH)
        await this.write(doc.docId, windows.slice(i, i + WRITE_BATCH));
      return { pages: pages.length, chunks: windows.length };
    });
  }

  private async write(docId: string, windows: PageWindow[]): Promise<void> {
    const vectors = await this.embedder.embedPassages(windows.map((w) => w.text));
    const passages = windows.map((w, i) => ({ ...w, embedding: Array.from(vectors[i]!) }));
    await this.repo.writePassages(docId, passages);
  }

  /**
   * Vector top-50 and full-text top-50 passages of the document, fused by RRF (k = 60); page = best passage.
   * Without full text, the vector side alone.
   */
  async search(query: string, docId: string, k: number, fullText = true): Promise<PageRef[]> {
    const embedding = Array.from(await this.embedder.embedQuery(query));
    const rows = await this.repo.searchPages({
      docId,
      embedding,
      luceneQuery: fullText ? buildLuceneQuery(query, ['text'], [docId]) : null,
      candidates: NAIVE_CANDIDATES,
      rrfK: NAIVE_RRF_K,
      k,
    });
    return rows.map((r) => ({ docId, pageNumber: r.pageNumber }));
  }

  /** What the baseline stored for one document, in page and window order. */
  async passages(docId: string): Promise<StoredNaivePassage[]> {
    return this.repo.passages(docId);
  }

  /** NaivePassage nodes over all documents. */
  async storedCount(): Promise<number> {
    return this.repo.count();
  }

  /** Deletes every NaivePassage node and drops the naive_* indexes. */
  async cleanup(): Promise<void> {
    this.ready = false;
    this.prepared = null;
    await this.repo.dropAll();
  }
}

/**
 * The naive baseline's windows searched by cosine alone, beside the fused baseline: it tells how much of the
 * baseline's lead over a dense-only strategy (VECTOR) is its units and how much is full text.
 */
export class NaiveDensePassageView implements PeerRetriever {
  readonly name = 'naive-page-passages-dense';

  constructor(private readonly baseline: NaivePagePassageBaseline) {}

  prepare(
    docs: PeerDocument[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<PeerIngestStats[]> {
    return this.baseline.prepare(docs, onProgress);
  }

  search(query: string, docId: string, k: number): Promise<PageRef[]> {
    return this.baseline.search(query, docId, k, false);
  }

  cleanup(): Promise<void> {
    return this.baseline.cleanup();
  }
}
