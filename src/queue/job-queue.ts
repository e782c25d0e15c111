import { Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { FolioConfig } from '../config/folio-config';
import { redisConnection } from './redis-connection';

/** The queues Folio's workers take jobs from (`folio worker --queues`), and their BullMQ names. */
export const QUEUE_NAMES = { ingest: 'folio-ingest', enrich: 'folio-enrich' } as const;
export type QueueKind = keyof typeof QUEUE_NAMES;

/** How long an enqueue may take before the request is refused (Redis slow or away). */
const ENQUEUE_TIMEOUT_MS = 3000;

/** Redis did not take the job: nothing was queued. `cause` says why (no answer, refused). */
export class QueueUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'QueueUnavailableError';
  }
}

/**
 * The producer side of one queue: adds `{jobId, …}` messages under the job's own id (so a job is queued once),
 * retried with exponential backoff up to FOLIO_INGEST_ATTEMPTS. Fails fast when Redis does not answer.
 */
export class JobQueue<M extends object> {
  private readonly logger = new Logger(JobQueue.name);
  private readonly queue: Queue<M>;

  constructor(
    readonly kind: QueueKind,
    private readonly config: FolioConfig,
  ) {
    this.queue = new Queue<M>(QUEUE_NAMES[kind], { connection: redisConnection(config, true) });
    // Without a listener an unreachable Redis would be an unhandled 'error' event; add() reports it instead.
    this.queue.on('error', (err) => this.logger.debug(`Redis: ${err.message}`));
  }

  /** Enqueues `message` as job `jobId`; rejects with QueueUnavailableError within a few seconds when Redis is away. */
  async add(jobId: string, message: M): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        // BullMQ's own job name and data types are generic over M in ways TypeScript cannot follow here.
        (this.queue as unknown as Queue).add(this.kind, message, {
          jobId,
          attempts: this.config.ingest.attempts,
          backoff: { type: 'exponential', delay: 2000 },
          // A message may hold a password: gone from Redis once the job ends (its node keeps the outcome).
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
      throw new QueueUnavailableError(err);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.queue.close().catch(() => undefined);
  }
}
