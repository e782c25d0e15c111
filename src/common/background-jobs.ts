import type { Logger } from '@nestjs/common';

/** The fields every background job (ingestion, enrichment) records about its run. */
export interface TrackedJob {
  id: string;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  stage: string | null;
  done: number;
  total: number;
  error: string | null;
  errorCode: string | null;
}

export type ReportProgress = (stage: string, done: number, total: number) => void;

/** Progress is written at most this often (a stage change or a finished stage always is). */
const PROGRESS_WRITE_MS = 1000;

/**
 * Runs jobs in the background of this process while their status lives in the store `save` writes to (Neo4j),
 * so any Folio process can report them. Saves are serialised; a failed save is logged, never fatal to the job.
 */
export class BackgroundJobs<J extends TrackedJob> {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly save: (job: J) => Promise<void>,
    private readonly logger: Logger,
  ) {}

  /** Starts `work`; what it returns is recorded with SUCCEEDED, an error's message and code with FAILED. */
  launch(job: J, work: (progress: ReportProgress) => Promise<Partial<J>>): void {
    const run = this.run(job, work).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Waits for the jobs this process runs (shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async run(job: J, work: (progress: ReportProgress) => Promise<Partial<J>>): Promise<void> {
    let lastWrite = 0;
    let pending: Promise<void> = Promise.resolve();
    const record = (patch: Partial<J>) => {
      Object.assign(job, patch);
      const snapshot = { ...job };
      pending = pending
        .then(() => this.save(snapshot))
        .catch((err: unknown) =>
          this.logger.warn(`Could not record job ${job.id}: ${(err as Error).message}`),
        );
    };
    record({ status: 'RUNNING' } as Partial<J>);
    try {
      const outcome = await work((stage, done, total) => {
        const now = Date.now();
        if (stage === job.stage && now - lastWrite < PROGRESS_WRITE_MS && done !== total) return;
        lastWrite = now;
        record({ stage, done, total } as Partial<J>);
      });
      record({ ...outcome, status: 'SUCCEEDED', stage: null, error: null });
    } catch (err) {
      const e = err as Error & { code?: unknown };
      record({
        status: 'FAILED',
        error: e.message,
        errorCode: typeof e.code === 'string' ? e.code : 'INTERNAL',
      } as Partial<J>);
    }
    await pending;
  }
}
