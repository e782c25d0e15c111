import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BackgroundJobs } from '../common/background-jobs';
import { IngestError, IngestErrorCode } from './ingest.errors';
import { IngestionJobRow, IngestRepository } from './ingest.repository';
import { IngestOptions, IngestService } from './ingest.service';

/**
 * Runs ingestions in the background and keeps their status in Neo4j (not in memory), so any Folio process
 * behind a load balancer can answer `ingestionJob(id)`.
 */
@Injectable()
export class IngestionJobService {
  private readonly jobs: BackgroundJobs<IngestionJobRow>;

  constructor(
    private readonly ingest: IngestService,
    private readonly repo: IngestRepository,
  ) {
    this.jobs = new BackgroundJobs((job) => this.repo.saveJob(job), new Logger(IngestionJobService.name));
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
    return job;
  }

  /** Waits for the jobs this process runs (used on shutdown and by tests). */
  async drain(): Promise<void> {
    await this.jobs.drain();
  }
}
