import type { IngestOptions, IngestResult } from '../ingest/ingest.service';
import type {
  AskResult,
  SearchRequest,
  SearchResult,
  SearchScope,
  Strategy,
} from '../retrieve/retrieve.types';
import type { PageRef } from './metrics';

/** What the runner needs of RetrieveService (the retrieval contract). */
export interface BenchRetriever {
  search(req: SearchRequest): Promise<SearchResult>;
}

/** What the runner needs of AskService (answers, measured with --ask). */
export interface BenchAsker {
  ask(
    question: string,
    opts: { strategy?: Strategy; scope?: SearchScope; rerank?: boolean },
  ): Promise<AskResult>;
}

/** What the runner needs of IngestService. */
export interface BenchIngester {
  ingest(bytes: Uint8Array, opts: IngestOptions): Promise<IngestResult>;
}

export interface PeerDocument {
  docId: string;
  pdfPath: string;
  pdfName: string;
}

export interface PeerIngestStats {
  docId: string;
  ms: number;
  /** Pages the peer's loader produced text for. */
  pages: number;
  chunks: number;
  error?: string;
}

/** A retrieval system outside Folio, measured on the same questions with the same metrics. */
export interface PeerRetriever {
  readonly name: string;
  /** Loads, chunks, embeds and stores the documents; one stats row per document. */
  prepare(
    docs: PeerDocument[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<PeerIngestStats[]>;
  /** Ranked pages for a query within one document. */
  search(query: string, docId: string, k: number): Promise<PageRef[]>;
  /** Removes everything the peer stored. */
  cleanup(): Promise<void>;
}

/** Progress of the current stage: ingest, each peer's ingest, then one stage per run. */
export type BenchProgress = (stage: string, done: number, total: number, unit: string) => void;
