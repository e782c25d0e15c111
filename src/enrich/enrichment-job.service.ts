import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EnrichError, EnrichErrorCode } from './enrich.errors';
import { EnrichRepository, type EnrichmentJobRow } from './enrich.repository';
import { EnrichService, type EnrichOptions } from './enrich.service';

/** Progress is written to Neo4j at most this often. */
const PROGRESS_WRITE_MS = 1000;

/**
 * Runs enrichments in the background with their status in Neo4j (not in memory), so any Folio process can
 * answer `enrichmentJob(id)` — the ingestion-job pattern.
 */
@Injectable()
export class EnrichmentJobService {
  private readonly logger = new Logger(EnrichmentJobService.name);
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly enrich: EnrichService,
    private readonly repo: EnrichRepository,
  ) {}

  /** Checks the document and the stages at once (so the caller gets NOT_FOUND etc. now), then runs in the background. */
  async start(docId: string, opts: Omit<EnrichOptions, 'onProgress' | 'signal'>): Promise<EnrichmentJobRow> {
    await this.enrich.requireReady(docId);
    const stages = opts.stages && opts.stages.length > 0 ? [...opts.stages] : this.enrich.availableStages();
    await this.enrich.estimate(docId, { stages, mode: opts.mode }); // throws STAGE_UNAVAILABLE before queueing
    const job: EnrichmentJobRow = {
      id: randomUUID(),
      status: 'QUEUED',
      docId,
      stages,
      mode: opts.mode ?? 'offline',
      crossDocument: opts.crossDocument ?? false,
      stage: null,
      done: 0,
      total: 0,
      warnings: [],
      error: null,
      errorCode: null,
    };
    await this.repo.saveJob(job);
    const run = this.run(job, { ...opts, stages }).finally(() => this.running.delete(run));
    this.running.add(run);
    return job;
  }

  async get(id: string): Promise<EnrichmentJobRow> {
    const job = await this.repo.getJob(id);
    if (!job) throw new EnrichError(EnrichErrorCode.JOB_NOT_FOUND, `No enrichment job with id '${id}'.`);
    return job;
  }

  /** Waits for the jobs this process runs (shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async run(job: EnrichmentJobRow, opts: EnrichOptions): Promise<void> {
    let lastWrite = 0;
    let pending: Promise<void> = Promise.resolve();
    const save = (patch: Partial<EnrichmentJobRow>) => {
      Object.assign(job, patch);
      const snapshot = { ...job };
      pending = pending
        .then(() => this.repo.saveJob(snapshot))
        .catch((err: unknown) =>
          this.logger.warn(`Could not record progress of job ${job.id}: ${(err as Error).message}`),
        );
    };
    save({ status: 'RUNNING' });
    try {
      const result = await this.enrich.run(job.docId, {
        ...opts,
        onProgress: (p) => {
          const now = Date.now();
          if (p.stage === job.stage && now - lastWrite < PROGRESS_WRITE_MS && p.done !== p.total) return;
          lastWrite = now;
          save({ stage: p.stage, done: p.done, total: p.total });
        },
      });
      save({ status: 'SUCCEEDED', stage: null, warnings: result.warnings.slice(0, 50) });
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
