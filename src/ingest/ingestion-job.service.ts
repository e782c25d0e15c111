import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { thisOwner } from '../common/process-owner';
import { FOLIO_CONFIG } from '../config/config.tokens';
import { JobService } from '../graph/job-store';
import type { FolioConfig } from '../config/folio-config';
import { documentBusy, IngestError, IngestErrorCode } from './ingest.errors';
import { IngestionJobRow, IngestRepository } from './ingest.repository';
import { documentIdFor } from './document-id';
import { IngestOptions } from './ingest.service';
import { INGESTION_RUNNER, type IngestionRunner } from './ingestion-runner';
import { assertPdfHeader } from './pdf/pdf-parser';

/**
 * Turns an ingestion request into a job stored QUEUED in Neo4j, so any Folio process can answer `ingestionJob(id)`;
 * the runner takes it when a slot is free. A dead process's job (silent heartbeat) is reported FAILED when read,
 * and marked so by the next API start.
 */
@Injectable()
export class IngestionJobService extends JobService<IngestionJobRow> {
  private readonly logger = new Logger(IngestionJobService.name);
  private readonly queued: boolean;
  /** Document ids whose job is being stored (not yet with the runner): a second request for one is busy too. */
  private readonly storing = new Set<string>();

  constructor(
    @Inject(INGESTION_RUNNER) private readonly runner: IngestionRunner,
    repo: IngestRepository,
    @Inject(FOLIO_CONFIG) config: FolioConfig,
  ) {
    super(repo.jobs, config.heartbeat.staleAfterMs);
    this.queued = config.ingest.runner === 'redis';
  }

  /**
   * Stores the job QUEUED and hands it to the runner. Bytes that are no PDF (NOT_A_PDF) and the same bytes already
   * waiting or running here (DOCUMENT_BUSY) are refused at once, before any job exists.
   */
  async start(bytes: Uint8Array, opts: Omit<IngestOptions, 'onProgress'>): Promise<IngestionJobRow> {
    assertPdfHeader(bytes);
    const { sha256, docId: derivedId } = documentIdFor(bytes);
    const docId = opts.docId ?? derivedId;
    if (this.runner.holds(docId) || this.storing.has(docId)) throw documentBusy(docId);
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
      // A job in the Redis queue belongs to no process until a worker takes it (this API may stop meanwhile).
      owner: this.queued ? null : thisOwner(this.staleAfterMs),
      queue: this.queued ? 'redis' : null,
      // A queue worker reads the bytes from the file store: they stay there while this job is open.
      fileSha256: this.queued ? sha256 : null,
    };
    this.storing.add(docId);
    try {
      await this.store.save(job);
      try {
        await this.runner.submit({ job: { ...job }, docId, bytes, options: opts });
      } catch (err) {
        const e = err as Error & { code?: unknown };
        const code = typeof e.code === 'string' ? e.code : 'INTERNAL';
        await this.store.save({ ...job, status: 'FAILED', error: e.message, errorCode: code });
        throw err;
      }
    } finally {
      this.storing.delete(docId);
    }
    if (this.runner.queued > 0)
      this.logger.log(`Ingestion job ${job.id} waits QUEUED behind ${this.runner.queued - 1} others`);
    return job;
  }

  protected notFound(id: string): Error {
    return new IngestError(IngestErrorCode.JOB_NOT_FOUND, `No ingestion job with id '${id}'.`);
  }

  async drain(): Promise<void> {
    await this.runner.drain();
  }
}
