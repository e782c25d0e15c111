import type { Logger } from '@nestjs/common';
import * as os from 'node:os';
import { isAbandoned, thisOwner } from './process-owner';

/** The fields every background job (ingestion, enrichment) records about its run. */
export interface TrackedJob {
  id: string;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  stage: string | null;
  done: number;
  total: number;
  error: string | null;
  errorCode: string | null;
  /** `host:pid` of the process running the job, for an operator tracing an abandoned one. */
  runner?: string | null;
  /** The process that owns the job (process-owner.ts), so a process on its machine knows at once when it died. */
  owner?: string | null;
  /** Set while the job belongs to an external queue (Redis), which tracks it instead of the heartbeat. */
  queue?: string | null;
}

/** A job as read back from the store: how long ago its runner last reported (measured by the store's clock). */
export type StoredJob<J extends TrackedJob> = J & { heartbeatAgeMs?: number | null };

export type ReportProgress = (stage: string, done: number, total: number) => void;

/** The stage a SUCCEEDED job reads, with done = total, so a finished job never shows a stage's partial counts. */
export const FINISHED_STAGE = 'DONE';

/** The errorCode of a job whose process stopped before finishing it. */
export const ABANDONED_JOB_CODE = 'JOB_ABANDONED';

export function abandonedJobReason(staleAfterMs: number): string {
  return (
    'The process that ran this job stopped (it no longer runs, or sent no heartbeat for more than ' +
    `${Math.round(staleAfterMs / 1000)} s). Start the job again.`
  );
}

/**
 * The staleness rule, as documents have it: a QUEUED or RUNNING job its process left (process-owner.ts isAbandoned:
 * its owner known dead, or unknown and silent past `staleAfterMs`) is reported FAILED with the reason — whoever
 * reads it, whenever. A live owner's job on this machine never is.
 */
export function applyStalenessRule<J extends TrackedJob>(stored: StoredJob<J>, staleAfterMs: number): J {
  const { heartbeatAgeMs, ...job } = stored;
  // A job of an external queue is the queue's to retry when its worker dies, not ours to call abandoned.
  const open = (job.status === 'QUEUED' || job.status === 'RUNNING') && !job.queue;
  if (!open || !isAbandoned({ owner: job.owner, heartbeatAgeMs }, staleAfterMs)) return job as unknown as J;
  return {
    ...job,
    status: 'FAILED',
    error: abandonedJobReason(staleAfterMs),
    errorCode: ABANDONED_JOB_CODE,
  } as unknown as J;
}

/** Progress is written at most this often (a stage change or a finished stage always is). */
const PROGRESS_WRITE_MS = 1000;
const RUNNER = `${os.hostname()}:${process.pid}`;

/**
 * Runs jobs in this process while their status lives in Neo4j, so any Folio process can report them; a job is saved
 * again every `heartbeatMs` so one whose process died is recognisable by its silence. A failed save is never fatal. */
export class BackgroundJobs<J extends TrackedJob> {
  private readonly running = new Map<J, Promise<void>>();
  /** Jobs waiting for a slot, first in first out: `start` runs the job, `cancel` fails it unstarted. */
  private readonly waiting: Array<{ job: J; start: () => void; cancel: (reason: Error) => void }> = [];
  private active = 0;

  constructor(
    private readonly save: (job: J) => Promise<void>,
    private readonly logger: Logger,
    private readonly heartbeatMs = 10_000,
    private readonly concurrency = Number.POSITIVE_INFINITY,
  ) {}

  /** How many launched jobs wait for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Starts `work`; what it returns is recorded with SUCCEEDED, an error's message and code with FAILED. */
  launch(job: J, work: (progress: ReportProgress) => Promise<Partial<J>>): void {
    job.owner ??= thisOwner();
    const run = this.run(job, work).finally(() => this.running.delete(job));
    this.running.set(job, run);
  }

  /** Waits for the jobs this process runs (shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private async run(job: J, work: (progress: ReportProgress) => Promise<Partial<J>>): Promise<void> {
    let lastWrite = 0;
    let unsaved = 0;
    let pending: Promise<void> = Promise.resolve();
    const record = (patch: Partial<J>) => {
      Object.assign(job, patch);
      const snapshot = { ...job };
      unsaved++;
      pending = pending
        .then(() => this.save(snapshot))
        .catch((err: unknown) =>
          this.logger.warn(`Could not record job ${job.id}: ${(err as Error).message}`),
        )
        .finally(() => unsaved--);
    };
    // A beat while a save is still waiting would only queue up behind it (e.g. while Neo4j is down).
    const heartbeat = setInterval(() => {
      if (unsaved === 0) record({});
    }, this.heartbeatMs);
    heartbeat.unref();
    let slot = false;
    try {
      await this.takeSlot(job);
      slot = true;
      record({ status: 'RUNNING', runner: RUNNER } as Partial<J>);
      const outcome = await work((stage, done, total) => {
        const now = Date.now();
        if (stage === job.stage && now - lastWrite < PROGRESS_WRITE_MS && done !== total) return;
        lastWrite = now;
        record({ stage, done, total } as Partial<J>);
      });
      clearInterval(heartbeat);
      record({
        ...outcome,
        status: 'SUCCEEDED',
        stage: FINISHED_STAGE,
        done: job.total,
        error: null,
      });
    } catch (err) {
      clearInterval(heartbeat);
      const e = err as Error & { code?: unknown };
      record({
        status: 'FAILED',
        error: e.message,
        errorCode: typeof e.code === 'string' ? e.code : 'INTERNAL',
      } as Partial<J>);
    } finally {
      if (slot) this.releaseSlot();
    }
    await pending;
  }

  /**
   * Fails every job still waiting for a slot with `error` (its message and code are recorded), e.g. when the
   * process shuts down: a queued job must not wait for a runner that is going away.
   */
  async cancelQueued(error: Error): Promise<number> {
    const cancelled = this.waiting.splice(0);
    for (const w of cancelled) w.cancel(error);
    await Promise.allSettled(cancelled.map((w) => this.running.get(w.job) ?? Promise.resolve()));
    return cancelled.length;
  }

  private async takeSlot(job: J): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return;
    }
    // The job that finishes hands its slot over (active stays the same).
    await new Promise<void>((start, cancel) => this.waiting.push({ job, start: () => start(), cancel }));
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.active--;
  }
}
