import type { Embedder } from '../embed/embedder';
import type { EmbeddingThroughput } from '../embed/embed-throughput';
import type { IngestOptions, IngestResult, IngestStage } from '../ingest/ingest.service';

// What the ingest benchmark needs (the ingester, a peer) and the report it writes.

/** What the ingest benchmark needs of IngestService. */
export interface IngestBenchIngester {
  ingest(bytes: Uint8Array, opts: IngestOptions): Promise<IngestResult>;
  deleteDocument(docId: string): Promise<void>;
}

export interface IngestBenchDeps {
  ingester: IngestBenchIngester;
  embedder: Embedder;
  /** Up to `max` element texts of a stored document (the embedding-only measurement's sample). */
  elementTexts: (docId: string, max: number) => Promise<string[]>;
  readPdf?: (file: string) => Uint8Array;
  onProgress?: (file: string, stage: IngestStage, done: number, total: number) => void;
  onDocumentDone?: (file: string) => void;
  onWarning?: (message: string) => void;
  /** A peer that ingests the same PDFs in the same run, after Folio (e.g. the LangChain.js baseline). */
  peer?: IngestBenchPeer;
  onPeerDocumentDone?: (file: string, done: number, total: number) => void;
}

/** What the ingest benchmark needs of a peer: one PDF in, its timings out; cleanup removes what it stored. */
export interface IngestBenchPeer {
  readonly name: string;
  ingestFile(file: string, docId: string): Promise<PeerFileIngest>;
  cleanup(): Promise<void>;
}

export interface PeerFileIngest {
  pages: number;
  chunks: number;
  /** Time per peer stage, e.g. load (PDF → text → chunks) and embed+store. */
  stageMs: Record<string, number>;
}

export interface IngestBenchPeerDocument extends PeerFileIngest {
  file: string;
  seconds: number;
  pagesPerSecond: number;
  error: string | null;
}

export interface IngestBenchPeerReport {
  name: string;
  documents: IngestBenchPeerDocument[];
  pages: number;
  chunks: number;
  seconds: number;
  pagesPerSecond: number;
  stageMs: Record<string, number>;
  /** Peak resident set size sampled while the peer ingested (the process's, so it includes what Folio left). */
  peakRssMiB: number;
}

export interface IngestBenchOptions {
  /** Leave the benchmark's documents in the graph (they are deleted by default). */
  keep?: boolean;
  /** Element texts per document for the embedding-only measurement. */
  sampleTextsPerDocument?: number;
  /**
   * Documents ingested at once (default 2): while one is embedded in the inference workers, the next is parsed on
   * the main thread. Folio's pages/s is then measured over the wall time of the whole run.
   */
  concurrency?: number;
}

export interface IngestBenchDocument {
  file: string;
  docId: string;
  pages: number;
  ocrPages: number;
  elements: number;
  /** Retrieval units embedded (what ingestion embeds, with the section paths). */
  passages: number;
  sections: number;
  seconds: number;
  pagesPerSecond: number;
  timingsMs: Partial<Record<IngestStage, number>>;
  error: string | null;
}

export interface IngestBenchReport {
  kind: 'ingest';
  createdAt: string;
  environment: { node: string; platform: string; cpus: number; embeddingModel: string };
  documents: IngestBenchDocument[];
  overall: {
    documents: number;
    pages: number;
    ocrPages: number;
    seconds: number;
    pagesPerSecond: number;
    stageMs: Record<IngestStage, number>;
    /** Share of the summed stage time, 0..1. */
    stageShare: Record<IngestStage, number>;
    /** Texts embedded during ingestion (passages + sections) per second of the embed stage. */
    ingestEmbedPassagesPerSecond: number | null;
  };
  /** Peak resident set size sampled while Folio ingested. */
  folioPeakRssMiB: number;
  /** The peer on the same PDFs in the same run (null without one). */
  peer: IngestBenchPeerReport | null;
  /** Folio's pages/s over the peer's (null without a peer). */
  speedRatio: number | null;
  /** The embedder alone on a sample of the documents' element texts: the ceiling for the embed stage. */
  embeddingOnly: EmbeddingThroughput | null;
  peakRssMiB: number;
  kept: boolean;
}
