import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { EnrichmentJobService } from '../enrich/enrichment-job.service';
import { MIGRATE_ON_START, type MigrateOnStart } from '../graph/graph.tokens';
import { IngestRecoveryService } from '../ingest/ingest-recovery.service';
import { IngestionJobService } from '../ingest/ingestion-job.service';

export interface SweepResult {
  ingestionJobs: string[];
  enrichmentJobs: string[];
  documents: string[];
}

/**
 * Fails the jobs and removes the half-written documents of crashed processes (owner known dead, or heartbeat stale),
 * so live processes sharing the database keep theirs. Runs at start, then every heartbeat interval. */
@Injectable()
export class RecoverySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RecoverySweep.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private readonly intervalMs: number;

  constructor(
    private readonly ingestionJobs: IngestionJobService,
    private readonly enrichmentJobs: EnrichmentJobService,
    private readonly ingestRecovery: IngestRecoveryService,
    @Inject(FOLIO_CONFIG) config: FolioConfig,
    @Optional() @Inject(MIGRATE_ON_START) private readonly migrateOnStart: MigrateOnStart | null,
  ) {
    this.intervalMs = config.heartbeat.intervalMs;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.migrateOnStart === 'check') return; // a read-only command never writes
    await this.sweepLogged();
    this.timer = setInterval(() => {
      this.running = this.sweepLogged();
    }, this.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep; throws when Neo4j does not answer. */
  async sweep(): Promise<SweepResult> {
    return {
      ingestionJobs: await this.ingestionJobs.failAbandonedJobs(),
      enrichmentJobs: await this.enrichmentJobs.failAbandonedJobs(),
      documents: await this.ingestRecovery.removeAbandonedDocuments(),
    };
  }

  private async sweepLogged(): Promise<void> {
    try {
      const { ingestionJobs, enrichmentJobs, documents } = await this.sweep();
      if (ingestionJobs.length + enrichmentJobs.length + documents.length > 0) {
        this.logger.warn(
          `A stopped process left ${ingestionJobs.length} ingestion and ${enrichmentJobs.length} enrichment ` +
            `jobs unfinished (now FAILED) and ${documents.length} half-written documents (removed)`,
        );
      }
    } catch (err) {
      // Not fatal: abandoned jobs already read as FAILED, half-written documents are never served.
      this.logger.error(
        `The recovery sweep did not finish (${(err as Error).message}); the next one retries`,
      );
    }
  }
}
