import { PDFLoader } from '@langchain/community/document_loaders/fs/pdf';
import { Neo4jVectorStore } from '@langchain/community/vectorstores/neo4j_vector';
import type { Document } from '@langchain/core/documents';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Embedder } from '../../embed/embedder';
import type { PeerDocument, PeerIngestStats, PeerRetriever } from '../bench-ports';
import type { IngestBenchPeer, PeerFileIngest } from '../ingest-bench.types';
import { dedupeRanking, type PageRef } from '../metrics';
import { FolioLangChainEmbeddings } from './folio-langchain-embeddings';
import { loadPdfParse, withPdfParseWorker } from './pdf-parse-isolation';
import { prepareEach } from './prepare-each';

// The peer baseline: what a LangChain.js user gets from the documented defaults — PDFLoader (one Document per page),
// RecursiveCharacterTextSplitter (1000 / 200), Neo4jVectorStore on the same Neo4j with the same embedder — kept under
// its own label and index so it never touches Folio's graph.

export const PEER_NODE_LABEL = 'PeerChunk';
export const PEER_INDEX_NAME = 'peer_chunk_embedding';
export const PEER_CHUNK_SIZE = 1000;
export const PEER_CHUNK_OVERLAP = 200;

export interface LangChainBaselineOptions {
  neo4j: { uri: string; user: string; password: string; database: string };
  embedder: Embedder;
  chunkSize?: number;
  chunkOverlap?: number;
  /** Label and index of its own (default PeerChunk), so the ingest benchmark never meets a retrieval run's chunks. */
  nodeLabel?: string;
  indexName?: string;
}

/** The fields kept on each stored chunk: Neo4j properties must be flat, so the loader's nested metadata is dropped. */
interface PeerChunkMetadata {
  docId: string;
  pageNumber: number;
  source: string;
}

function pageNumberOf(doc: Document): number | null {
  const loc: unknown = doc.metadata['loc'];
  if (typeof loc === 'object' && loc !== null && 'pageNumber' in loc && typeof loc.pageNumber === 'number')
    return loc.pageNumber;
  return null;
}

export class LangChainNeo4jBaseline implements PeerRetriever, IngestBenchPeer {
  readonly name = 'langchain-neo4j-vector';
  private store: Neo4jVectorStore | null = null;
  private readonly embeddings: FolioLangChainEmbeddings;
  private readonly splitter: RecursiveCharacterTextSplitter;

  constructor(private readonly opts: LangChainBaselineOptions) {
    this.embeddings = new FolioLangChainEmbeddings(opts.embedder);
    this.splitter = new RecursiveCharacterTextSplitter({
      chunkSize: opts.chunkSize ?? PEER_CHUNK_SIZE,
      chunkOverlap: opts.chunkOverlap ?? PEER_CHUNK_OVERLAP,
    });
  }

  private storeConfig() {
    const { uri, user, password, database } = this.opts.neo4j;
    const indexName = this.opts.indexName ?? PEER_INDEX_NAME;
    return {
      url: uri,
      username: user,
      password,
      database,
      nodeLabel: this.opts.nodeLabel ?? PEER_NODE_LABEL,
      indexName,
      keywordIndexName: `${indexName}_keyword`,
      textNodeProperty: 'text',
      embeddingNodeProperty: 'embedding',
      searchType: 'vector' as const,
    };
  }

  /** A fresh store: chunks left by an earlier (interrupted) run are removed first, then the index is created. */
  private async openStore(): Promise<Neo4jVectorStore> {
    if (this.store) return this.store;
    await this.dropLeftovers();
    this.store = await Neo4jVectorStore.fromDocuments([], this.embeddings, this.storeConfig());
    return this.store;
  }

  /** LangChain's collection drop (delete the label's nodes, drop the index), only when the index exists: it logs otherwise. */
  private async dropLeftovers(): Promise<void> {
    const probe = await Neo4jVectorStore.initialize(this.embeddings, this.storeConfig());
    try {
      if ((await probe.retrieveExistingIndex()) !== null) await probe._dropIndex();
    } finally {
      await probe.close();
    }
  }

  /** PDF → page Documents → chunks with flat metadata. */
  async loadChunks(doc: PeerDocument): Promise<{ pages: number; chunks: Document[] }> {
    const bytes = fs.readFileSync(doc.pdfPath);
    const PDFParse = await loadPdfParse();
    const loader = new PDFLoader(new Blob([bytes], { type: 'application/pdf' }), {
      // pdf-parse v2, loaded apart from Folio's pdf.js (see pdf-parse-isolation.ts) instead of LangChain's own import().
      pdfjs: () => Promise.resolve({ isV2: true as const, PDFParse }),
    });
    const pages = await withPdfParseWorker(() => loader.load());
    const split = await this.splitter.splitDocuments(pages);
    const chunks = split.flatMap((c) => {
      const pageNumber = pageNumberOf(c);
      if (pageNumber === null || c.pageContent.trim() === '') return [];
      const metadata: PeerChunkMetadata = { docId: doc.docId, pageNumber, source: doc.pdfName };
      return [{ pageContent: c.pageContent, metadata: { ...metadata }, id: undefined } satisfies Document];
    });
    return { pages: pages.length, chunks };
  }

  async prepare(
    docs: PeerDocument[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<PeerIngestStats[]> {
    const store = await this.openStore();
    return prepareEach(docs, onProgress, async (doc) => {
      const { pages, chunks } = await this.loadChunks(doc);
      await store.addDocuments(chunks);
      return { pages, chunks: chunks.length };
    });
  }

  /**
   * One PDF for the ingest benchmark, as addDocuments does it (embed the chunks, then store them with their vectors)
   * but with the stages timed apart: load (PDFLoader + splitter), embed, store.
   */
  async ingestFile(pdfPath: string, docId: string): Promise<PeerFileIngest> {
    const store = await this.openStore();
    const t0 = performance.now();
    const { pages, chunks } = await this.loadChunks({ docId, pdfPath, pdfName: path.basename(pdfPath) });
    const t1 = performance.now();
    const vectors = await this.embeddings.embedDocuments(chunks.map((c) => c.pageContent));
    const t2 = performance.now();
    await store.addVectors(vectors, chunks);
    const t3 = performance.now();
    return {
      pages,
      chunks: chunks.length,
      stageMs: { load: Math.round(t1 - t0), embed: Math.round(t2 - t1), store: Math.round(t3 - t2) },
    };
  }

  /**
   * The top chunks of one document (LangChain's metadata filter: exact cosine over that document's chunks) → their
   * pages in rank order. Twice k chunks are fetched so that k distinct pages usually remain after merging.
   */
  async search(query: string, docId: string, k: number): Promise<PageRef[]> {
    const store = await this.openStore();
    const hits = await store.similaritySearchWithScore(query, 2 * k, { filter: { docId } });
    const ranked = hits.flatMap(([d]) => {
      const pageNumber: unknown = d.metadata['pageNumber'];
      return typeof pageNumber === 'number' ? [{ docId, pageNumber }] : [];
    });
    return dedupeRanking(ranked).slice(0, k);
  }

  /** Deletes every PeerChunk node and drops the peer's vector index (LangChain's own collection drop), then disconnects. */
  async cleanup(): Promise<void> {
    if (this.store) {
      await this.store.close();
      this.store = null;
    }
    await this.dropLeftovers();
  }
}
