import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EnrichmentJobService } from '../enrich/enrichment-job.service';
import { IngestionJobService } from '../ingest/ingestion-job.service';

/**
 * At API start (after the migrations), finishes what a process that stopped left behind: its QUEUED and RUNNING
 * jobs are marked FAILED with the reason. Only jobs whose heartbeat is stale are touched, so other live processes
 * sharing the database keep theirs.
 */
@Injectable()
export class StartupRecovery implements OnApplicationBootstrap {
  private readonly logger = new Logger(StartupRecovery.name);

  constructor(
    private readonly ingestionJobs: IngestionJobService,
    private readonly enrichmentJobs: EnrichmentJobService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const ingestions = await this.ingestionJobs.failAbandonedJobs();
      const enrichments = await this.enrichmentJobs.failAbandonedJobs();
      if (ingestions.length + enrichments.length > 0) {
        this.logger.warn(
          `A stopped process left ${ingestions.length} ingestion and ${enrichments.length} enrichment jobs ` +
            'unfinished (now FAILED)',
        );
      }
    } catch (err) {
      // Not fatal: abandoned jobs still read as FAILED.
      this.logger.error(
        `Start-up recovery did not finish (${(err as Error).message}); the next start retries`,
      );
    }
  }
}
