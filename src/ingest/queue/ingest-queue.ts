import { OnApplicationShutdown } from '@nestjs/common';
import type { FolioConfig } from '../../config/folio-config';
import { JobQueue, QUEUE_NAMES } from '../../queue/job-queue';
import { redisHost } from '../../queue/redis-connection';
import type { FileStore } from '../file-store';
import { IngestError, IngestErrorCode } from '../ingest.errors';
import { documentIdFor } from '../document-id';
import type { IngestOptions } from '../ingest.service';
import type { IngestionRunner, IngestionWorkItem } from '../ingestion-runner';

/** The BullMQ queue ingestion jobs wait in. */
export const INGEST_QUEUE = QUEUE_NAMES.ingest;

/**
 * What a queued ingestion carries: the job to report to, where its bytes are (the file store, by sha256) and its
 * options. The password travels here only (Redis), never in Neo4j or a log line.
 */
export interface IngestMessage {
  jobId: string;
  sha256: string;
  docId: string;
  options: Omit<IngestOptions, 'onProgress'>;
}

/**
 * FOLIO_INGEST_RUNNER=redis, the API side: stores the bytes in the file store and enqueues `{jobId}` (with the
 * options); `folio worker` processes take it. The API never ingests itself, so its event loop stays free.
 */
export class RedisIngestionRunner implements IngestionRunner, OnApplicationShutdown {
  private readonly queue: JobQueue<IngestMessage>;
  readonly queued = 0;

  constructor(
    private readonly config: FolioConfig,
    private readonly files: FileStore,
  ) {
    this.queue = new JobQueue<IngestMessage>('ingest', config);
  }

  async submit(item: IngestionWorkItem): Promise<void> {
    const { sha256 } = documentIdFor(item.bytes);
    await this.files.save(sha256, item.bytes);
    const message: IngestMessage = { jobId: item.job.id, sha256, docId: item.docId, options: item.options };
    try {
      await this.queue.add(item.job.id, message);
    } catch (err) {
      throw new IngestError(
        IngestErrorCode.QUEUE_UNAVAILABLE,
        `The ingestion queue (Redis at ${redisHost(this.config)}) does not answer ` +
          `(${(err as Error).message}); nothing was queued. ` +
          'Start Redis (`npm run redis:start`) or check REDIS_URL, then upload again.',
      );
    }
  }

  /** Jobs wait in Redis, not here: nothing of this process's holds a document. */
  holds(): boolean {
    return false;
  }

  async drain(): Promise<void> {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
