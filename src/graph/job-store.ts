import {
  ABANDONED_JOB_CODE,
  abandonedJobReason,
  applyStalenessRule,
  type StoredJob,
  type TrackedJob,
} from '../common/background-jobs';
import { isAbandoned, type OwnedWork } from '../common/process-owner';
import type { CypherQuery } from './cypher-registry';
import type { GraphExecutor } from './graph-executor';

/** The job queries each kind of background job has in its own module (ingest, enrich): same params and columns. */
export interface JobQueries {
  saveJob: CypherQuery;
  getJob: CypherQuery;
  failAbandonedJobs: CypherQuery;
  /** Open jobs of this kind with their owner and heartbeat age. */
  listOpenJobs: CypherQuery;
}

/** A kind of job's rows in Neo4j; one rule for both kinds, so ingestion and enrichment jobs cannot drift apart. */
export class JobStore<J extends TrackedJob & { createdAt?: unknown; updatedAt?: unknown }> {
  constructor(
    private readonly graph: GraphExecutor,
    private readonly q: JobQueries,
  ) {}

  /** Stores the job; the store stamps createdAt/updatedAt itself (its clock, not this process's). */
  async save(job: J): Promise<void> {
    const { createdAt: _c, updatedAt: _u, ...props } = job;
    await this.graph.write(this.q.saveJob, { job: props });
  }

  /** The job as stored, with its heartbeat's age. */
  async get(id: string): Promise<StoredJob<J> | null> {
    const [row] = await this.graph.read<{ job: StoredJob<J> }>(this.q.getJob, { id });
    return row?.job ?? null;
  }

  /** The job as callers see it: an open one whose process stopped reads FAILED (the staleness rule). */
  async read(id: string, staleAfterMs: number): Promise<J | null> {
    const job = await this.get(id);
    return job && applyStalenessRule(job, staleAfterMs);
  }

  /**
   * Marks FAILED the open jobs their process left (the recovery sweep; process-owner.ts isAbandoned: a dead owner's
   * at once, a live one's on this machine never, another's once silent past the staleness rule); their ids. */
  async failAbandoned(staleAfterMs: number): Promise<string[]> {
    const open = await this.graph.read<OwnedWork & { id: string }>(this.q.listOpenJobs);
    const ids = open.filter((job) => isAbandoned(job, staleAfterMs)).map((job) => job.id);
    if (ids.length === 0) return [];
    const rows = await this.graph.write<{ id: string }>(this.q.failAbandonedJobs, {
      ids,
      errorCode: ABANDONED_JOB_CODE,
      reason: abandonedJobReason(staleAfterMs),
    });
    return rows.map((r) => r.id);
  }
}

/** What the ingestion and enrichment job services answer alike from their store: a job by id, the recovery sweep. */
export abstract class JobService<J extends TrackedJob & { createdAt?: unknown; updatedAt?: unknown }> {
  protected constructor(
    protected readonly store: JobStore<J>,
    protected readonly staleAfterMs: number,
  ) {}

  /** The module's own JOB_NOT_FOUND error for `id`. */
  protected abstract notFound(id: string): Error;

  /** Waits for the jobs this process runs (shutdown, tests). */
  abstract drain(): Promise<void>;

  async get(id: string): Promise<J> {
    const job = await this.store.read(id, this.staleAfterMs);
    if (!job) throw this.notFound(id);
    return job;
  }

  /** Marks FAILED the jobs a stopped process left QUEUED or RUNNING (the recovery sweep); returns their ids. */
  failAbandonedJobs(): Promise<string[]> {
    return this.store.failAbandoned(this.staleAfterMs);
  }
}
