import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue, type ConnectionOptions } from 'bullmq';
import type { FolioConfig } from '../../config/folio-config';
import type { FileStore } from '../file-store';
import { IngestError, IngestErrorCode } from '../ingest.errors';
import { documentIdFor, type IngestOptions } from '../ingest.service';
import type { IngestionRunner, IngestionWorkItem } from '../ingestion-runner';

/** The BullMQ queue ingestion jobs wait in. */
export const INGEST_QUEUE = 'folio-ingest';

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

/** ioredis settings from REDIS_URL; `failFast`: a command fails at once while Redis is away instead of waiting. */
export function redisConnection(config: FolioConfig, failFast: boolean): ConnectionOptions {
  const url = new URL(config.redis.url);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    // Workers wait for Redis to come back (BullMQ needs null); the API refuses uploads meanwhile.
    maxRetriesPerRequest: failFast ? 1 : null,
    enableOfflineQueue: !failFast,
    connectTimeout: 2000,
  };
}

/** How long an enqueue may take before the upload is refused (Redis slow or away). */
const ENQUEUE_TIMEOUT_MS = 3000;

function queueUnavailable(config: FolioConfig, cause: unknown): IngestError {
  return new IngestError(
    IngestErrorCode.QUEUE_UNAVAILABLE,
    `The ingestion queue (Redis at ${new URL(config.redis.url).host}) does not answer ` +
      `(${cause instanceof Error ? cause.message : String(cause)}); nothing was queued. ` +
      'Start Redis (`npm run redis:start`) or check REDIS_URL, then upload again.',
  );
}

/**
 * FOLIO_INGEST_RUNNER=redis, the API side: stores the bytes in the file store and enqueues `{jobId}` (with the
 * options); `folio worker` processes take it. The API never ingests itself, so its event loop stays free.
 */
export class RedisIngestionRunner implements IngestionRunner, OnApplicationShutdown {
  private readonly logger = new Logger(RedisIngestionRunner.name);
  private readonly queue: Queue<IngestMessage>;
  readonly queued = 0;

  constructor(
    private readonly config: FolioConfig,
    private readonly files: FileStore,
  ) {
    this.queue = new Queue<IngestMessage>(INGEST_QUEUE, { connection: redisConnection(config, true) });
    // Without a listener an unreachable Redis would be an unhandled 'error' event; the upload reports it instead.
    this.queue.on('error', (err) => this.logger.debug(`Redis: ${err.message}`));
  }

  async submit(item: IngestionWorkItem): Promise<void> {
    const { sha256 } = documentIdFor(item.bytes);
    await this.files.save(sha256, item.bytes);
    const message: IngestMessage = { jobId: item.job.id, sha256, docId: item.docId, options: item.options };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.add('ingest', message, {
          jobId: item.job.id,
          attempts: this.config.ingest.attempts,
          backoff: { type: 'exponential', delay: 2000 },
          // The message holds the password, if any: gone from Redis once the job ends (its node keeps the outcome).
          removeOnComplete: true,
          removeOnFail: true,
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${ENQUEUE_TIMEOUT_MS} ms`)),
            ENQUEUE_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (err) {
      throw queueUnavailable(this.config, err);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Jobs wait in Redis, not here: nothing of this process's holds a document. */
  holds(): boolean {
    return false;
  }

  async drain(): Promise<void> {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
  }
}
