import { Inject, Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { FileStore } from './file-store';
import { IngestRepository } from './ingest.repository';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 15_000;

/**
 * Makes a failed or abandoned ingestion leave nothing behind. A half-written document is never served (retrieval
 * reads READY documents only) but must not stay either: its process removes it, retrying until Neo4j answers,
 * and when that process dies first, the next API start sweeps it.
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
   * Removes what the ingestion `ingestionId` wrote of `docId`, retrying with a doubling delay (capped) while Neo4j
   * does not answer. It gives up once the document counts as abandoned: from then on the start-up sweep, a new
   * ingestion of the same bytes or `deleteDocument` removes it.
   */
  async removePartial(docId: string, ingestionId: string): Promise<void> {
    const started = Date.now();
    for (let attempt = 1, delay = FIRST_RETRY_MS; ; attempt++, delay = Math.min(2 * delay, MAX_RETRY_MS)) {
      try {
        const doc = await this.repo.findDocument(docId);
        // Another ingestion may have taken over the id after this one counted as abandoned: leave its document.
        if (doc?.ingestionId === ingestionId) await this.remove(docId, doc.sha256);
        if (attempt > 1) this.logger.log(`Removed partial document ${docId} (attempt ${attempt})`);
        return;
      } catch (err) {
        const message = (err as Error).message;
        if (Date.now() - started + delay > this.staleAfterMs) {
          this.logger.error(
            `Could not remove partial document ${docId} after ${attempt} attempts (${message}); ` +
              'the next API start removes it, and it is never served meanwhile',
          );
          return;
        }
        this.logger.warn(
          `Could not remove partial document ${docId} yet (${message}); retrying in ${delay / 1000} s`,
        );
        await sleep(delay);
      }
    }
  }

  /** The start-up sweep: removes documents left INGESTING by a process that stopped; returns their ids. */
  async removeAbandonedDocuments(): Promise<string[]> {
    const abandoned = await this.repo.abandonedDocuments(this.staleAfterMs);
    for (const doc of abandoned) {
      this.logger.warn(`Removing document ${doc.id}: its ingestion was abandoned by a process that stopped`);
      await this.remove(doc.id, doc.sha256);
    }
    return abandoned.map((d) => d.id);
  }

  /** The document, everything hanging off it, and its stored PDF unless another document shares the bytes. */
  async remove(docId: string, sha256: string): Promise<void> {
    await this.repo.deleteDocument(docId);
    if ((await this.repo.countDocumentsWithSha256(sha256)) === 0) await this.files.remove(sha256);
  }
}
