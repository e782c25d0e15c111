import type { StoredJob, TrackedJob } from '../common/background-jobs';
import type { CypherQuery } from './cypher-registry';
import type { GraphExecutor } from './graph-executor';

/** The job queries each kind of background job has in its own module (ingest, enrich): same params and columns. */
export interface JobQueries {
  saveJob: CypherQuery;
  getJob: CypherQuery;
  failAbandonedJobs: CypherQuery;
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

  async get(id: string): Promise<StoredJob<J> | null> {
    const [row] = await this.graph.read<{ job: StoredJob<J> }>(this.q.getJob, { id });
    return row?.job ?? null;
  }

  /** Marks FAILED, with `reason`, the open jobs silent for `staleAfterMs` or owned by `deadOwners`; their ids. */
  async failAbandoned(
    staleAfterMs: number,
    deadOwners: string[],
    errorCode: string,
    reason: string,
  ): Promise<string[]> {
    const rows = await this.graph.write<{ id: string }>(this.q.failAbandonedJobs, {
      staleAfterMs,
      deadOwners,
      errorCode,
      reason,
    });
    return rows.map((r) => r.id);
  }
}
