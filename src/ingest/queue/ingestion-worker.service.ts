import { Inject, Injectable, Logger } from '@nestjs/common';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import * as os from 'node:os';
import { FINISHED_STAGE } from '../../common/background-jobs';
import { thisOwner } from '../../common/process-owner';
import { FOLIO_CONFIG } from '../../config/config.tokens';
import type { FolioConfig } from '../../config/folio-config';
import { GraphErrorCode } from '../../graph/graph.errors';
import { FileStore } from '../file-store';
import { IngestError, IngestErrorCode } from '../ingest.errors';
import { IngestionJobRow, IngestRepository } from '../ingest.repository';
import { IngestService } from '../ingest.service';
import { INGEST_QUEUE, IngestMessage, redisConnection } from './ingest-queue';

/** Errors worth another attempt (the same job may succeed once Neo4j answers again); every other error is final. */
const TRANSIENT_CODES = new Set<string>([
  GraphErrorCode.NEO4J_UNAVAILABLE,
  GraphErrorCode.QUERY_TIMED_OUT,
  IngestErrorCode.DOCUMENT_BUSY,
]);
const PROGRESS_WRITE_MS = 1000;
const RUNNER = `${os.hostname()}:${process.pid}`;

/** How one attempt at a queued job ended (QUEUED: it will be retried). */
export interface AttemptOutcome {
  jobId: string;
  attempt: number;
  status: 'SUCCEEDED' | 'FAILED' | 'QUEUED';
  docId: string | null;
  errorCode: string | null;
}

/**
 * `folio worker`: takes ingestion jobs from the Redis queue and runs them with the same IngestService the inline
 * runner uses, writing status, progress and heartbeat to the IngestionJob node as the inline runner does.
 */
@Injectable()
export class IngestionWorkerService {
  private readonly logger = new Logger(IngestionWorkerService.name);
  private onFinished: (o: AttemptOutcome) => void = () => {};

  constructor(
    private readonly ingest: IngestService,
    private readonly repo: IngestRepository,
    private readonly files: FileStore,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
  ) {}

  /**
   * Starts taking jobs, `concurrency` at once, telling `onFinished` each attempt's outcome; the returned function
   * stops (running jobs finish first).
   */
  async start(
    concurrency: number,
    onFinished: (o: AttemptOutcome) => void = () => {},
  ): Promise<() => Promise<void>> {
    this.onFinished = onFinished;
    const { lockMs } = this.config.redis;
    const worker = new Worker<IngestMessage>(INGEST_QUEUE, (job) => this.process(job), {
      connection: redisConnection(this.config, false),
      concurrency,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      // A job whose worker died is taken again; it counts as an attempt.
      maxStalledCount: this.config.ingest.attempts,
    });
    worker.on('error', (err) => this.logger.warn(`Redis: ${err.message}`));
    await worker.waitUntilReady();
    return () => worker.close();
  }

  private async process(job: Job<IngestMessage>): Promise<void> {
    const { jobId, sha256, options } = job.data;
    const stored = await this.repo.getJob(jobId);
    if (!stored || stored.status === 'SUCCEEDED') {
      this.logger.warn(`Job ${jobId}: ${stored ? 'already SUCCEEDED' : 'no such IngestionJob'}; skipped`);
      return;
    }
    const { heartbeatAgeMs: _age, heartbeatAt: _beat, ...row } = stored;
    const attempts = job.attemptsMade + 1;
    const record = this.recorder({
      ...row,
      status: 'RUNNING',
      queue: null,
      runner: RUNNER,
      owner: thisOwner(),
      attempts,
      error: null,
      errorCode: null,
    });
    const heartbeat = setInterval(() => record.save({}), this.config.heartbeat.intervalMs);
    heartbeat.unref();
    try {
      const bytes = await this.files.read(sha256);
      if (!bytes)
        throw new IngestError(
          IngestErrorCode.STORED_FILE_MISSING,
          `The uploaded PDF (sha256 ${sha256}) is not in this worker's file store (FOLIO_FILE_STORE); ` +
            'give the API and every worker the same FOLIO_FILE_STORE, then upload again.',
        );
      let lastWrite = 0;
      const result = await this.ingest.ingest(bytes, {
        ...options,
        onProgress: ({ stage, done, total }) => {
          const now = Date.now();
          if (stage === record.job.stage && now - lastWrite < PROGRESS_WRITE_MS && done !== total) return;
          lastWrite = now;
          record.save({ stage, done, total });
        },
      });
      clearInterval(heartbeat);
      record.save({
        status: 'SUCCEEDED',
        stage: FINISHED_STAGE,
        done: record.job.total,
        docId: result.document.id,
      });
      await record.flush();
      this.onFinished({
        jobId,
        attempt: attempts,
        status: 'SUCCEEDED',
        docId: result.document.id,
        errorCode: null,
      });
    } catch (err) {
      clearInterval(heartbeat);
      const e = err as Error & { code?: unknown };
      const code = typeof e.code === 'string' ? e.code : 'INTERNAL';
      const final = !TRANSIENT_CODES.has(code) || attempts >= (job.opts.attempts ?? 1);
      // A job that will run again waits QUEUED in Redis (its last error readable meanwhile).
      record.save({
        status: final ? 'FAILED' : 'QUEUED',
        queue: final ? null : 'redis',
        error: e.message,
        errorCode: code,
      });
      await record.flush();
      this.onFinished({
        jobId,
        attempt: attempts,
        status: final ? 'FAILED' : 'QUEUED',
        docId: null,
        errorCode: code,
      });
      this.logger.warn(`Job ${jobId} attempt ${attempts}: ${code}${final ? '' : ' (will be retried)'}`);
      if (final) throw new UnrecoverableError(`${code}: ${e.message}`);
      throw err;
    }
  }

  /** Saves the job's state in order; a failed save is logged, never fatal to the ingestion. */
  private recorder(initial: IngestionJobRow) {
    const job = { ...initial };
    let pending: Promise<void> = Promise.resolve();
    const save = (patch: Partial<IngestionJobRow>) => {
      Object.assign(job, patch);
      const snapshot = { ...job };
      pending = pending
        .then(() => this.repo.saveJob(snapshot))
        .catch((err: unknown) =>
          this.logger.warn(`Could not record job ${job.id}: ${(err as Error).message}`),
        );
    };
    save({});
    return { job, save, flush: () => pending };
  }
}
