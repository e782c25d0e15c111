import { Logger } from '@nestjs/common';
import { Job, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import * as os from 'node:os';
import {
  ABANDONED_JOB_CODE,
  FINISHED_STAGE,
  type ReportProgress,
  type StoredJob,
  type TrackedJob,
} from '../common/background-jobs';
import { thisOwner } from '../common/process-owner';
import type { FolioConfig } from '../config/folio-config';
import { QUEUE_NAMES, type QueueKind } from './job-queue';
import { redisConnection } from './redis-connection';

const PROGRESS_WRITE_MS = 1000;
const RUNNER = `${os.hostname()}:${process.pid}`;

/** A job node a queue worker reports to: the tracked fields plus the attempts it made. */
export interface QueuedJob extends TrackedJob {
  attempts?: number;
  docId?: string | null;
}

/** What the worker of one queue does with the jobs it takes (ingestion, enrichment). */
export interface QueuedWork<M extends { jobId: string }, J extends QueuedJob> {
  kind: QueueKind;
  /** The job node as stored; null when there is none. */
  load(jobId: string): Promise<StoredJob<J> | null>;
  save(job: J): Promise<void>;
  /** Does the job; what it returns is recorded with SUCCEEDED. */
  run(message: M, job: J, progress: ReportProgress): Promise<Partial<J>>;
  /** Error codes worth another attempt (the same job may succeed later); every other error is final. */
  transientCodes: ReadonlySet<string>;
  /** After a job ended FAILED for good (e.g. to release its stored file). */
  afterFinalFailure?(job: J): Promise<void>;
}

/** An attempt at a queued job: RUNNING when taken, then how it ended (QUEUED: it will be retried). */
export interface AttemptOutcome {
  kind: QueueKind;
  jobId: string;
  attempt: number;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'QUEUED';
  docId: string | null;
  errorCode: string | null;
}

/** A `folio worker` queue's service: the module gives its work, the start is shared. */
export abstract class QueueWorkerService<M extends { jobId: string }, J extends QueuedJob> {
  protected abstract readonly work: QueuedWork<M, J>;
  private readonly logger = new Logger(this.constructor.name);

  protected constructor(private readonly config: FolioConfig) {}

  /** Starts taking jobs, `concurrency` at once; the returned function stops (running jobs finish first). */
  start(
    concurrency: number,
    onAttempt: (o: AttemptOutcome) => void = () => {},
  ): Promise<() => Promise<void>> {
    return startQueueWorker(this.config, this.work, concurrency, this.logger, onAttempt);
  }
}

function withoutHeartbeat<J extends QueuedJob>(stored: StoredJob<J>): J {
  const {
    heartbeatAgeMs: _age,
    heartbeatAt: _beat,
    ...row
  } = stored as StoredJob<J> & {
    heartbeatAt?: unknown;
  };
  return row as unknown as J;
}

/**
 * Takes jobs of one queue, `concurrency` at once: each attempt writes RUNNING, progress and a heartbeat to the job
 * node, then SUCCEEDED, QUEUED (a transient error: BullMQ retries with backoff) or FAILED (final, not retried).
 * A job whose worker died is taken again after the stalled check. Resolves to a function that stops the worker.
 */
export async function startQueueWorker<M extends { jobId: string }, J extends QueuedJob>(
  config: FolioConfig,
  work: QueuedWork<M, J>,
  concurrency: number,
  logger: Logger,
  onAttempt: (o: AttemptOutcome) => void,
): Promise<() => Promise<void>> {
  const name = QUEUE_NAMES[work.kind];
  const { lockMs } = config.redis;
  const worker = new Worker<M>(name, (job) => attempt(job, work, config, logger, onAttempt), {
    connection: redisConnection(config, false),
    concurrency,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    // A job whose worker died is taken again; it counts as an attempt.
    maxStalledCount: config.ingest.attempts,
  });
  worker.on('error', (err) => logger.warn(`Redis: ${err.message}`));
  worker.on('stalled', (jobId) =>
    logger.warn(`Job ${jobId}: its worker stopped answering; the queue gives it to a worker again`),
  );
  // A job whose workers kept dying is failed by the queue itself, not by a worker: record it on the job node.
  const events = new QueueEvents(name, { connection: redisConnection(config, false) });
  events.on('error', (err) => logger.warn(`Redis: ${err.message}`));
  events.on('failed', ({ jobId, failedReason }) => {
    if (/stalled more than/.test(failedReason)) void failStalled(jobId, work, logger);
  });
  await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
  return async () => {
    await worker.close();
    await events.close();
  };
}

async function failStalled<M extends { jobId: string }, J extends QueuedJob>(
  jobId: string,
  work: QueuedWork<M, J>,
  logger: Logger,
): Promise<void> {
  try {
    const stored = await work.load(jobId);
    if (!stored || stored.status === 'SUCCEEDED' || stored.status === 'FAILED') return;
    const row = withoutHeartbeat(stored);
    const failed = {
      ...row,
      status: 'FAILED',
      queue: null,
      errorCode: ABANDONED_JOB_CODE,
      error:
        `The worker running this job stopped ${row.attempts ?? 1} time(s) without finishing it ` +
        '(killed, or out of memory); the queue gave up. Check the workers, then start the job again.',
    } as J;
    await work.save(failed);
    await work.afterFinalFailure?.(failed);
  } catch (err) {
    logger.warn(`Could not record the stalled job ${jobId}: ${(err as Error).message}`);
  }
}

async function attempt<M extends { jobId: string }, J extends QueuedJob>(
  job: Job<M>,
  work: QueuedWork<M, J>,
  config: FolioConfig,
  logger: Logger,
  onAttempt: (o: AttemptOutcome) => void,
): Promise<void> {
  const { jobId } = job.data;
  const stored = await work.load(jobId);
  if (!stored || stored.status === 'SUCCEEDED') {
    logger.warn(`Job ${jobId}: ${stored ? 'already SUCCEEDED' : 'no such job node'}; skipped`);
    return;
  }
  // Started attempts count the ones whose worker died (BullMQ's attemptsMade counts only failed ones).
  const attempts = Math.max(job.attemptsStarted, job.attemptsMade + 1);
  const record = recorder<J>((j) => work.save(j), logger, {
    ...withoutHeartbeat(stored),
    status: 'RUNNING',
    queue: 'redis',
    runner: RUNNER,
    owner: thisOwner(config.heartbeat.staleAfterMs),
    attempts,
    error: null,
    errorCode: null,
  });
  const outcome = (status: AttemptOutcome['status'], errorCode: string | null = null) =>
    onAttempt({
      kind: work.kind,
      jobId,
      attempt: attempts,
      status,
      docId: record.job.docId ?? null,
      errorCode,
    });
  const heartbeat = setInterval(() => record.save({}), config.heartbeat.intervalMs);
  heartbeat.unref();
  outcome('RUNNING');
  try {
    let lastWrite = 0;
    const result = await work.run(job.data, record.job, (stage, done, total) => {
      const now = Date.now();
      if (stage === record.job.stage && now - lastWrite < PROGRESS_WRITE_MS && done !== total) return;
      lastWrite = now;
      record.save({ stage, done, total } as Partial<J>);
    });
    clearInterval(heartbeat);
    record.save({
      ...result,
      status: 'SUCCEEDED',
      queue: null,
      stage: FINISHED_STAGE,
      done: record.job.total,
    });
    await record.flush();
    outcome('SUCCEEDED');
  } catch (err) {
    clearInterval(heartbeat);
    const e = err as Error & { code?: unknown };
    const code = typeof e.code === 'string' ? e.code : 'INTERNAL';
    const final = !work.transientCodes.has(code) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    // A job that will run again waits QUEUED in Redis (its last error readable meanwhile).
    record.save({
      status: final ? 'FAILED' : 'QUEUED',
      queue: final ? null : 'redis',
      error: e.message,
      errorCode: code,
    } as Partial<J>);
    await record.flush();
    if (final) await work.afterFinalFailure?.(record.job).catch(() => undefined);
    outcome(final ? 'FAILED' : 'QUEUED', code);
    logger.warn(`Job ${jobId} attempt ${attempts}: ${code}${final ? '' : ' (will be retried)'}`);
    if (final) throw new UnrecoverableError(`${code}: ${e.message}`);
    throw err;
  }
}

/** Saves the job's state in order; a failed save is logged, never fatal to the work. */
function recorder<J extends QueuedJob>(save: (job: J) => Promise<void>, logger: Logger, initial: J) {
  const job = { ...initial };
  let pending: Promise<void> = Promise.resolve();
  const record = (patch: Partial<J>) => {
    Object.assign(job, patch);
    const snapshot = { ...job };
    pending = pending
      .then(() => save(snapshot))
      .catch((err: unknown) => logger.warn(`Could not record job ${job.id}: ${(err as Error).message}`));
  };
  record({});
  return { job, save: record, flush: () => pending };
}
