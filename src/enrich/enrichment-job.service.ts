import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BackgroundJobs } from '../common/background-jobs';
import { thisOwner } from '../common/process-owner';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { JobService } from '../graph/job-store';
import type { JobQueue } from '../queue/job-queue';
import { redisHost } from '../queue/redis-connection';
import { EnrichError, EnrichErrorCode } from './enrich.errors';
import { EnrichRepository, type EnrichmentJobRow } from './enrich.repository';
import { EnrichService, type EnrichOptions } from './enrich.service';

/** The enrichment queue (FOLIO_INGEST_RUNNER=redis), or null: enrichments run in this process. */
export const ENRICH_QUEUE = Symbol('ENRICH_QUEUE');

/** What a queued enrichment carries: the job to report to and what to run (no secret). */
export interface EnrichMessage {
  jobId: string;
  docId: string;
  options: Omit<EnrichOptions, 'onProgress' | 'signal'>;
}

/**
 * Runs enrichments in the background with their status in Neo4j (not in memory), so any Folio process can
 * answer `enrichmentJob(id)` — the ingestion-job pattern, heartbeat and staleness rule included. With the redis
 * runner the job is enqueued instead, and a `folio worker --queues enrich` process runs it.
 */
@Injectable()
export class EnrichmentJobService extends JobService<EnrichmentJobRow> {
  private readonly jobs: BackgroundJobs<EnrichmentJobRow>;

  constructor(
    private readonly enrich: EnrichService,
    repo: EnrichRepository,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
    @Inject(ENRICH_QUEUE) private readonly queue: JobQueue<EnrichMessage> | null,
  ) {
    super(repo.jobs, config.heartbeat.staleAfterMs);
    this.jobs = new BackgroundJobs(
      (job) => this.store.save(job),
      new Logger(EnrichmentJobService.name),
      config.heartbeat.intervalMs,
    );
  }

  /** Checks the document and the stages at once (so the caller gets NOT_FOUND etc. now), then runs in the background. */
  async start(docId: string, opts: Omit<EnrichOptions, 'onProgress' | 'signal'>): Promise<EnrichmentJobRow> {
    await this.enrich.requireReady(docId);
    const stages = opts.stages && opts.stages.length > 0 ? [...opts.stages] : this.enrich.availableStages();
    await this.enrich.estimate(docId, { stages, mode: opts.mode }); // a bad option fails now, before queueing
    const job: EnrichmentJobRow = {
      id: randomUUID(),
      status: 'QUEUED',
      docId,
      stages,
      mode: opts.mode ?? 'offline',
      crossDocument: opts.crossDocument ?? false,
      stage: null,
      done: 0,
      total: 0,
      warnings: [],
      error: null,
      errorCode: null,
      // A job in the Redis queue belongs to no process until a worker takes it (this one may stop meanwhile).
      owner: this.queue ? null : thisOwner(this.staleAfterMs),
      queue: this.queue ? 'redis' : null,
    };
    await this.store.save(job);
    if (this.queue) {
      await this.enqueue(job, { ...opts, stages });
      return job;
    }
    this.jobs.launch(job, async (progress) => {
      const result = await this.enrich.run(docId, {
        ...opts,
        stages,
        onProgress: (p) => progress(p.stage, p.done, p.total),
      });
      return { warnings: result.warnings.slice(0, 50) };
    });
    return job;
  }

  private async enqueue(job: EnrichmentJobRow, options: EnrichMessage['options']): Promise<void> {
    try {
      await this.queue!.add(job.id, { jobId: job.id, docId: job.docId, options });
    } catch (err) {
      const error = new EnrichError(
        EnrichErrorCode.QUEUE_UNAVAILABLE,
        `The enrichment queue (Redis at ${redisHost(this.config)}) does not answer ` +
          `(${(err as Error).message}); nothing was queued. ` +
          'Start Redis (`npm run redis:start`) or check REDIS_URL, then start the enrichment again.',
      );
      await this.store.save({
        ...job,
        status: 'FAILED',
        queue: null,
        error: error.message,
        errorCode: error.code,
      });
      throw error;
    }
  }

  protected notFound(id: string): Error {
    return new EnrichError(EnrichErrorCode.JOB_NOT_FOUND, `No enrichment job with id '${id}'.`);
  }

  async drain(): Promise<void> {
    await this.jobs.drain();
  }
}
