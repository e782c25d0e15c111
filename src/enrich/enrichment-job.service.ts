import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BackgroundJobs } from '../common/background-jobs';
import { thisOwner } from '../common/process-owner';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { EnrichError, EnrichErrorCode } from './enrich.errors';
import { EnrichRepository, type EnrichmentJobRow } from './enrich.repository';
import { EnrichService, type EnrichOptions } from './enrich.service';

/**
 * Runs enrichments in the background with their status in Neo4j (not in memory), so any Folio process can
 * answer `enrichmentJob(id)` — the ingestion-job pattern, heartbeat and staleness rule included.
 */
@Injectable()
export class EnrichmentJobService {
  private readonly jobs: BackgroundJobs<EnrichmentJobRow>;
  private readonly staleAfterMs: number;

  constructor(
    private readonly enrich: EnrichService,
    private readonly repo: EnrichRepository,
    @Inject(FOLIO_CONFIG) config: FolioConfig,
  ) {
    this.staleAfterMs = config.heartbeat.staleAfterMs;
    this.jobs = new BackgroundJobs(
      (job) => this.repo.jobs.save(job),
      new Logger(EnrichmentJobService.name),
      config.heartbeat.intervalMs,
    );
  }

  /** Checks the document and the stages at once (so the caller gets NOT_FOUND etc. now), then runs in the background. */
  async start(docId: string, opts: Omit<EnrichOptions, 'onProgress' | 'signal'>): Promise<EnrichmentJobRow> {
    await this.enrich.requireReady(docId);
    const stages = opts.stages && opts.stages.length > 0 ? [...opts.stages] : this.enrich.availableStages();
    await this.enrich.estimate(docId, { stages, mode: opts.mode }); // a bad option fails now, before queueing
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
      owner: thisOwner(this.staleAfterMs),
    };
    await this.repo.jobs.save(job);
    this.jobs.launch(job, async (progress) => {
      const result = await this.enrich.run(docId, {
        ...opts,
        stages,
        onProgress: (p) => progress(p.stage, p.done, p.total),
      });
      return { warnings: result.warnings.slice(0, 50) };
    });
    return job;
  }

  async get(id: string): Promise<EnrichmentJobRow> {
    const job = await this.repo.jobs.read(id, this.staleAfterMs);
    if (!job) throw new EnrichError(EnrichErrorCode.JOB_NOT_FOUND, `No enrichment job with id '${id}'.`);
    return job;
  }

  /** Marks FAILED the jobs a stopped process left QUEUED or RUNNING (the recovery sweep); returns their ids. */
  failAbandonedJobs(): Promise<string[]> {
    return this.repo.jobs.failAbandoned(this.staleAfterMs);
  }

  /** Waits for the jobs this process runs (shutdown, tests). */
  async drain(): Promise<void> {
    await this.jobs.drain();
  }
}
