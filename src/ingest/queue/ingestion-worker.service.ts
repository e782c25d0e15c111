import { Inject, Injectable } from '@nestjs/common';
import { FOLIO_CONFIG } from '../../config/config.tokens';
import type { FolioConfig } from '../../config/folio-config';
import { GraphErrorCode } from '../../graph/graph.errors';
import { QueueWorkerService, type QueuedWork } from '../../queue/queue-worker';
import { FileStore } from '../file-store';
import { IngestRecoveryService } from '../ingest-recovery.service';
import { IngestError, IngestErrorCode } from '../ingest.errors';
import { IngestionJobRow, IngestRepository } from '../ingest.repository';
import { IngestService } from '../ingest.service';
import type { IngestMessage } from './ingest-queue';

/** Errors worth another attempt (the same job may succeed once Neo4j answers again); every other error is final. */
const TRANSIENT_CODES = new Set<string>([
  GraphErrorCode.NEO4J_UNAVAILABLE,
  GraphErrorCode.QUERY_TIMED_OUT,
  IngestErrorCode.DOCUMENT_BUSY,
]);

/**
 * `folio worker --queues ingest`: takes ingestion jobs from the Redis queue and runs them with the same
 * IngestService the inline runner uses, reporting to the IngestionJob node as the inline runner does.
 */
@Injectable()
export class IngestionWorkerService extends QueueWorkerService<IngestMessage, IngestionJobRow> {
  protected readonly work: QueuedWork<IngestMessage, IngestionJobRow>;

  constructor(
    private readonly ingest: IngestService,
    repo: IngestRepository,
    private readonly files: FileStore,
    recovery: IngestRecoveryService,
    @Inject(FOLIO_CONFIG) config: FolioConfig,
  ) {
    super(config);
    this.work = {
      kind: 'ingest',
      load: (id) => repo.jobs.get(id),
      save: (job) => repo.jobs.save(job),
      run: (message, _job, progress) => this.run(message, progress),
      transientCodes: TRANSIENT_CODES,
      // A job that ended for good no longer needs its stored PDF (a READY document keeps its own hold).
      afterFinalFailure: async (job) => {
        if (job.fileSha256) await recovery.releaseFile(job.fileSha256);
      },
    };
  }

  private async run(
    { sha256, options }: IngestMessage,
    progress: (stage: string, done: number, total: number) => void,
  ): Promise<Partial<IngestionJobRow>> {
    const bytes = await this.files.read(sha256);
    if (!bytes)
      throw new IngestError(
        IngestErrorCode.STORED_FILE_MISSING,
        `The uploaded PDF (sha256 ${sha256}) is not in this worker's file store (FOLIO_FILE_STORE); ` +
          'give the API and every worker the same FOLIO_FILE_STORE, then upload again.',
      );
    const result = await this.ingest.ingest(bytes, {
      ...options,
      onProgress: ({ stage, done, total }) => progress(stage, done, total),
    });
    return { docId: result.document.id };
  }
}
