import { Inject, Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { isAbandoned } from '../common/process-owner';
import { GraphError } from '../graph/graph.errors';
import { isDeepStrictEqual } from 'node:util';
import { FileStore } from './file-store';
import { DocumentContentCounts, IngestRepository, StoredIngestDocument } from './ingest.repository';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 8_000;
/** How long a failed ingestion waits for Neo4j to read its document back before it reports the state unknown. */
export const SETTLE_LIMIT_MS = 30_000;

/** What became of a document whose ingestion failed while writing (settleFailedWrite). */
export type WriteOutcome =
  | { state: 'ready'; document: StoredIngestDocument }
  | { state: 'removed' }
  | { state: 'taken-over' }
  | { state: 'unknown'; waitedMs: number };

/** The document's state after a failed write, in words a user can act on. */
export function describeWriteOutcome(docId: string, outcome: WriteOutcome): string {
  switch (outcome.state) {
    case 'ready':
      return `Document ${docId} is READY and whole: the last write committed before its answer was lost.`;
    case 'removed':
      return `Document ${docId} was not stored: what was written of it has been removed. Ingest it again.`;
    case 'taken-over':
      return `Document ${docId} is being ingested by another process now; this ingestion left it alone.`;
    case 'unknown':
      return (
        `Document ${docId}: state unknown, Neo4j did not answer for ${Math.round(outcome.waitedMs / 1000)} s. ` +
        'It is either READY (the last write committed) or half-written and never served; the next folio ' +
        'command or a running API removes a half-written one. Once Neo4j is back, `folio list --all` shows ' +
        "which, and ingesting the file again answers 'already stored' when it is READY."
      );
  }
}

/** The write's error with what became of the document appended, so the user knows what is stored. */
export function withWriteOutcome(err: unknown, docId: string, outcome: WriteOutcome): unknown {
  if (!(err instanceof GraphError)) return err;
  const message = `${err.message}\n  ${describeWriteOutcome(docId, outcome)}`;
  return new GraphError(err.code, message, err.neo4jCode);
}

/**
 * Makes a failed or abandoned ingestion leave nothing behind. A half-written document is never served (retrieval
 * reads READY documents only) but must not stay either: its process removes it, retrying while Neo4j does not
 * answer, and when that process dies or gives up first, a sweep removes it.
 */
@Injectable()
export class IngestRecoveryService {
  private readonly logger = new Logger(IngestRecoveryService.name);
  private readonly staleAfterMs: number;

  constructor(
    private readonly repo: IngestRepository,
    private readonly files: FileStore,
    @Inject(FOLIO_CONFIG) config: FolioConfig,
  ) {
    this.staleAfterMs = config.heartbeat.staleAfterMs;
  }

  /**
   * Reads a failed write's document back first: kept when the final commit did land, removed otherwise. Retries for at
   * most SETTLE_LIMIT_MS while Neo4j does not answer; after that the sweep of any process removes a half-written one. */
  async settleFailedWrite(
    docId: string,
    ingestionId: string,
    expected: DocumentContentCounts,
  ): Promise<WriteOutcome> {
    const started = Date.now();
    const limitMs = Math.min(SETTLE_LIMIT_MS, this.staleAfterMs);
    for (let attempt = 1, delay = FIRST_RETRY_MS; ; attempt++, delay = Math.min(2 * delay, MAX_RETRY_MS)) {
      try {
        return await this.settleOnce(docId, ingestionId, expected);
      } catch (err) {
        const message = (err as Error).message.split('\n')[0]!;
        const waited = Date.now() - started;
        if (waited + delay > limitMs) {
          this.logger.error(
            `Could not read back document ${docId} after ${attempt} attempts in ${Math.round(waited / 1000)} s ` +
              `(${message}); it is never served unless READY, and a sweep removes it if half-written`,
          );
          return { state: 'unknown', waitedMs: waited };
        }
        this.logger.warn(
          `Could not read back document ${docId} yet (${message}); retrying in ${delay / 1000} s`,
        );
        await sleep(delay);
      }
    }
  }

  private async settleOnce(
    docId: string,
    ingestionId: string,
    expected: DocumentContentCounts,
  ): Promise<WriteOutcome> {
    const doc = await this.repo.findDocument(docId);
    if (!doc) return { state: 'removed' };
    // Another ingestion took over the id after this one counted as abandoned: its document is not ours to touch.
    if (doc.ingestionId !== ingestionId) return { state: 'taken-over' };
    if (doc.status === 'READY') {
      const stored = await this.repo.countContent(docId);
      if (isDeepStrictEqual(stored, expected)) return { state: 'ready', document: doc };
    }
    await this.remove(docId, doc.sha256);
    return { state: 'removed' };
  }

  /**
   * The recovery sweep: removes documents left INGESTING by a process that stopped (process-owner.ts isAbandoned:
   * never a live process's on this machine); returns their ids.
   */
  async removeAbandonedDocuments(): Promise<string[]> {
    const ingesting = await this.repo.ingestingDocuments();
    const abandoned = ingesting.filter((doc) => isAbandoned(doc, this.staleAfterMs));
    const removed: string[] = [];
    for (const doc of abandoned) {
      // A new ingestion may have taken the id over since the list was read: only this one's is removed.
      if ((await this.repo.findDocument(doc.id))?.ingestionId !== doc.ingestionId) continue;
      this.logger.warn(`Removing document ${doc.id}: its ingestion was abandoned by a process that stopped`);
      await this.remove(doc.id, doc.sha256);
      removed.push(doc.id);
    }
    return removed;
  }

  /** The document, everything hanging off it, and its stored PDF unless another document or an open job needs it. */
  async remove(docId: string, sha256: string): Promise<void> {
    await this.repo.deleteDocument(docId);
    await this.releaseFile(sha256);
  }

  /** Removes the stored PDF once nothing needs it: no document from these bytes, no open job that will read them. */
  async releaseFile(sha256: string): Promise<void> {
    const { documents, openJobs } = await this.repo.fileHolders(sha256);
    if (documents === 0 && openJobs === 0) await this.files.remove(sha256);
  }
}
