import { Inject, Injectable, Logger, BeforeApplicationShutdown } from '@nestjs/common';
import { ABANDONED_JOB_CODE, BackgroundJobs } from '../common/background-jobs';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import type { IngestionJobRow } from './ingest.repository';
import { IngestRepository } from './ingest.repository';
import { IngestOptions, IngestService } from './ingest.service';

/**
 * One ingestion to run: the job it reports to, the bytes and the options. The password travels here only, never
 * in Neo4j. A queue a separate worker takes from would carry `{jobId}` and read the bytes from the file store
 * (docs/worker-queue.md); the in-process runner keeps them in memory.
 */
export interface IngestionWorkItem {
  job: IngestionJobRow;
  docId: string;
  bytes: Uint8Array;
  options: Omit<IngestOptions, 'onProgress'>;
}

/** The runner FOLIO_INGEST_RUNNER chose (inline, or the Redis queue's producer). */
export const INGESTION_RUNNER = Symbol('INGESTION_RUNNER');

/** Where ingestion work items go once their job is stored QUEUED. */
export interface IngestionRunner {
  /** Takes the item; it runs when a slot is free, reporting to its job. Rejects when it cannot take it. */
  submit(item: IngestionWorkItem): void | Promise<void>;
  /** How many items wait for a slot here (0 when they wait in another process's queue). */
  readonly queued: number;
  /** True while an item for this document id waits or runs here. */
  holds(docId: string): boolean;
  /** Waits for every item taken so far (shutdown, tests). */
  drain(): Promise<void>;
}

/**
 * The embedded runner: an in-process queue with at most FOLIO_INGEST_CONCURRENCY ingestions running at once, so
 * uploads wait QUEUED instead of starving the API of CPU (parse, layout and embedding are CPU-bound).
 */
@Injectable()
export class InlineIngestionRunner implements IngestionRunner, BeforeApplicationShutdown {
  private readonly logger = new Logger(InlineIngestionRunner.name);
  private readonly jobs: BackgroundJobs<IngestionJobRow>;
  private readonly docIds = new Map<string, number>();

  constructor(
    private readonly ingest: IngestService,
    repo: IngestRepository,
    @Inject(FOLIO_CONFIG) config: FolioConfig,
  ) {
    this.jobs = new BackgroundJobs(
      (job) => repo.jobs.save(job),
      this.logger,
      config.heartbeat.intervalMs,
      config.ingest.concurrency,
    );
  }

  submit(item: IngestionWorkItem): void {
    this.docIds.set(item.docId, (this.docIds.get(item.docId) ?? 0) + 1);
    this.jobs.launch(item.job, async (progress) => {
      try {
        const result = await this.ingest.ingest(item.bytes, {
          ...item.options,
          onProgress: (p) => progress(p.stage, p.done, p.total),
        });
        return { docId: result.document.id };
      } finally {
        const left = (this.docIds.get(item.docId) ?? 1) - 1;
        if (left > 0) this.docIds.set(item.docId, left);
        else this.docIds.delete(item.docId);
      }
    });
  }

  holds(docId: string): boolean {
    return this.docIds.has(docId);
  }

  /** How many items wait for a slot. */
  get queued(): number {
    return this.jobs.queued;
  }

  async drain(): Promise<void> {
    await this.jobs.drain();
  }

  /**
   * A stopping process fails the jobs it never started, with the reason, instead of leaving them QUEUED (before
   * the driver closes, so the FAILED records reach Neo4j). A job killed with its process is caught by the
   * staleness rule and the next start instead.
   */
  async beforeApplicationShutdown(): Promise<void> {
    const reason = Object.assign(
      new Error('The process that would have run this job stopped before it started. Start the job again.'),
      { code: ABANDONED_JOB_CODE },
    );
    const cancelled = await Promise.race([
      this.jobs.cancelQueued(reason),
      new Promise<number>((r) => setTimeout(() => r(-1), 5000).unref()),
    ]);
    if (cancelled !== 0) this.logger.warn(`Stopping: queued ingestion jobs marked FAILED (${cancelled})`);
  }
}
