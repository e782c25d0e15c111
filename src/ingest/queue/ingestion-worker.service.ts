import { Inject, Injectable, Logger } from '@nestjs/common';
import { Job, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import * as os from 'node:os';
import { ABANDONED_JOB_CODE, FINISHED_STAGE } from '../../common/background-jobs';
import { thisOwner } from '../../common/process-owner';
import { FOLIO_CONFIG } from '../../config/config.tokens';
import type { FolioConfig } from '../../config/folio-config';
import { GraphErrorCode } from '../../graph/graph.errors';
import { FileStore } from '../file-store';
import { IngestRecoveryService } from '../ingest-recovery.service';
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

/** An attempt at a queued job: RUNNING when taken, then how it ended (QUEUED: it will be retried). */
export interface AttemptOutcome {
  jobId: string;
  attempt: number;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'QUEUED';
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
  private onAttempt: (o: AttemptOutcome) => void = () => {};

  constructor(
    private readonly ingest: IngestService,
    private readonly repo: IngestRepository,
    private readonly files: FileStore,
    private readonly recovery: IngestRecoveryService,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
  ) {}

  /**
   * Starts taking jobs, `concurrency` at once, telling `onAttempt` when an attempt starts and how it ends; the returned function
   * stops (running jobs finish first).
   */
  async start(
    concurrency: number,
    onAttempt: (o: AttemptOutcome) => void = () => {},
  ): Promise<() => Promise<void>> {
    this.onAttempt = onAttempt;
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
    worker.on('stalled', (jobId) =>
      this.logger.warn(`Job ${jobId}: its worker stopped answering; the queue gives it to a worker again`),
    );
    // A job whose workers kept dying is failed by the queue itself, not by a worker: record it on the job node.
    const events = new QueueEvents(INGEST_QUEUE, { connection: redisConnection(this.config, false) });
    events.on('error', (err) => this.logger.warn(`Redis: ${err.message}`));
    events.on('failed', ({ jobId, failedReason }) => {
      if (/stalled more than/.test(failedReason)) void this.failStalled(jobId);
    });
    await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
    return async () => {
      await worker.close();
      await events.close();
    };
  }

  private async failStalled(jobId: string): Promise<void> {
    try {
      const stored = await this.repo.jobs.get(jobId);
      if (!stored || stored.status === 'SUCCEEDED' || stored.status === 'FAILED') return;
      const { heartbeatAgeMs: _age, heartbeatAt: _beat, ...row } = stored;
      await this.repo.jobs.save({
        ...row,
        status: 'FAILED',
        queue: null,
        errorCode: ABANDONED_JOB_CODE,
        error:
          `The worker running this job stopped ${row.attempts ?? 1} time(s) without finishing it ` +
          '(killed, or out of memory); the queue gave up. Check the workers, then upload again.',
      });
      if (row.fileSha256) await this.recovery.releaseFile(row.fileSha256);
    } catch (err) {
      this.logger.warn(`Could not record the stalled job ${jobId}: ${(err as Error).message}`);
    }
  }

  private async process(job: Job<IngestMessage>): Promise<void> {
    const { jobId, sha256, options } = job.data;
    const stored = await this.repo.jobs.get(jobId);
    if (!stored || stored.status === 'SUCCEEDED') {
      this.logger.warn(`Job ${jobId}: ${stored ? 'already SUCCEEDED' : 'no such IngestionJob'}; skipped`);
      return;
    }
    const { heartbeatAgeMs: _age, heartbeatAt: _beat, ...row } = stored;
    // Started attempts count the ones whose worker died (BullMQ's attemptsMade counts only failed ones).
    const attempts = Math.max(job.attemptsStarted, job.attemptsMade + 1);
    const record = this.recorder({
      ...row,
      status: 'RUNNING',
      queue: 'redis',
      runner: RUNNER,
      owner: thisOwner(this.config.heartbeat.staleAfterMs),
      attempts,
      error: null,
      errorCode: null,
    });
    const heartbeat = setInterval(() => record.save({}), this.config.heartbeat.intervalMs);
    heartbeat.unref();
    this.onAttempt({ jobId, attempt: attempts, status: 'RUNNING', docId: null, errorCode: null });
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
        queue: null,
        stage: FINISHED_STAGE,
        done: record.job.total,
        docId: result.document.id,
      });
      await record.flush();
      this.onAttempt({
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
      const final = !TRANSIENT_CODES.has(code) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      // A job that will run again waits QUEUED in Redis (its last error readable meanwhile).
      record.save({
        status: final ? 'FAILED' : 'QUEUED',
        queue: final ? null : 'redis',
        attempts,
        error: e.message,
        errorCode: code,
      });
      await record.flush();
      if (final) await this.recovery.releaseFile(sha256).catch(() => undefined);
      this.onAttempt({
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
        .then(() => this.repo.jobs.save(snapshot))
        .catch((err: unknown) =>
          this.logger.warn(`Could not record job ${job.id}: ${(err as Error).message}`),
        );
    };
    save({});
    return { job, save, flush: () => pending };
  }
}
