import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IngestError, IngestErrorCode } from './ingest.errors';
import { IngestionJobRow, IngestRepository } from './ingest.repository';
import { IngestOptions, IngestService } from './ingest.service';

/** Progress is written to Neo4j at most this often, so a fast ingestion does not turn into a write storm. */
const PROGRESS_WRITE_MS = 1000;

/**
 * Runs ingestions in the background and keeps their status in Neo4j (not in memory), so any Folio process
 * behind a load balancer can answer `ingestionJob(id)`.
 */
@Injectable()
export class IngestionJobService {
  private readonly logger = new Logger(IngestionJobService.name);
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly ingest: IngestService,
    private readonly repo: IngestRepository,
  ) {}

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
    const run = this.run(job, bytes, opts).finally(() => this.running.delete(run));
    this.running.add(run);
    return job;
  }

  async get(id: string): Promise<IngestionJobRow> {
    const job = await this.repo.getJob(id);
    if (!job) throw new IngestError(IngestErrorCode.JOB_NOT_FOUND, `No ingestion job with id '${id}'.`);
    return job;
  }

  /** Waits for the jobs this process runs (used on shutdown and by tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async run(
    job: IngestionJobRow,
    bytes: Uint8Array,
    opts: Omit<IngestOptions, 'onProgress'>,
  ): Promise<void> {
    let lastWrite = 0;
    let pending: Promise<void> = Promise.resolve();
    const save = (patch: Partial<IngestionJobRow>) => {
      Object.assign(job, patch);
      pending = pending
        .then(() => this.repo.saveJob({ ...job }))
        .catch((err: unknown) => {
          this.logger.warn(`Could not record progress of job ${job.id}: ${(err as Error).message}`);
        });
    };
    save({ status: 'RUNNING' });
    try {
      const result = await this.ingest.ingest(bytes, {
        ...opts,
        onProgress: (p) => {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_WRITE_MS && p.done !== p.total) return;
          lastWrite = now;
          save({ stage: p.stage, done: p.done, total: p.total });
        },
      });
      save({ status: 'SUCCEEDED', docId: result.document.id, stage: null, done: job.total, error: null });
    } catch (err) {
      const e = err as Error & { code?: unknown };
      save({
        status: 'FAILED',
        error: e.message,
        errorCode: typeof e.code === 'string' ? e.code : 'INTERNAL',
      });
    }
    await pending;
  }
}
