import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  ABANDONED_JOB_CODE,
  abandonedJobReason,
  applyStalenessRule,
  BackgroundJobs,
} from '../common/background-jobs';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { IngestError, IngestErrorCode } from './ingest.errors';
import { IngestionJobRow, IngestRepository } from './ingest.repository';
import { IngestOptions, IngestService } from './ingest.service';

/**
 * Runs ingestions in the background and keeps their status in Neo4j (not in memory), so any Folio process
 * behind a load balancer can answer `ingestionJob(id)`. A job whose process died is recognised by its silent
 * heartbeat: reported FAILED when read, and marked so by the next API start.
 */
@Injectable()
export class IngestionJobService {
  private readonly jobs: BackgroundJobs<IngestionJobRow>;
  private readonly staleAfterMs: number;

  constructor(
    private readonly ingest: IngestService,
    private readonly repo: IngestRepository,
    @Inject(FOLIO_CONFIG) config: FolioConfig,
  ) {
    this.staleAfterMs = config.heartbeat.staleAfterMs;
    this.jobs = new BackgroundJobs(
      (job) => this.repo.saveJob(job),
      new Logger(IngestionJobService.name),
      config.heartbeat.intervalMs,
    );
  }

  async start(bytes: Uint8Array, opts: Omit<IngestOptions, 'onProgress'>): Promise<IngestionJobRow> {
    const job: IngestionJobRow = {
      id: randomUUID(),
      status: 'QUEUED',
      fileName: opts.fileName,
      stage: null,
      done: 0,
      total: 0,
      docId: null,
      error: null,
      errorCode: null,
    };
    await this.repo.saveJob(job);
    this.jobs.launch(job, async (progress) => {
      const result = await this.ingest.ingest(bytes, {
        ...opts,
        onProgress: (p) => progress(p.stage, p.done, p.total),
      });
      return { docId: result.document.id };
    });
    return job;
  }

  async get(id: string): Promise<IngestionJobRow> {
    const job = await this.repo.getJob(id);
    if (!job) throw new IngestError(IngestErrorCode.JOB_NOT_FOUND, `No ingestion job with id '${id}'.`);
    return applyStalenessRule(job, this.staleAfterMs);
  }

  /** Marks FAILED the jobs a stopped process left QUEUED or RUNNING (API start-up); returns their ids. */
  async failAbandonedJobs(): Promise<string[]> {
    return this.repo.failAbandonedJobs(
      this.staleAfterMs,
      ABANDONED_JOB_CODE,
      abandonedJobReason(this.staleAfterMs),
    );
  }

  /** Waits for the jobs this process runs (used on shutdown and by tests). */
  async drain(): Promise<void> {
    await this.jobs.drain();
  }
}
