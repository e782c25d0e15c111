import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EnrichmentJobService } from '../enrich/enrichment-job.service';
import { IngestRecoveryService } from '../ingest/ingest-recovery.service';
import { IngestionJobService } from '../ingest/ingestion-job.service';

/**
 * At API start (after the migrations), finishes what a process that stopped left behind: its QUEUED and RUNNING
 * jobs are marked FAILED with the reason, and its half-written documents removed. Only work whose heartbeat is
 * stale is touched, so other live processes sharing the database keep theirs.
 */
@Injectable()
export class StartupRecovery implements OnApplicationBootstrap {
  private readonly logger = new Logger(StartupRecovery.name);

  constructor(
    private readonly ingestionJobs: IngestionJobService,
    private readonly enrichmentJobs: EnrichmentJobService,
    private readonly ingestRecovery: IngestRecoveryService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const ingestions = await this.ingestionJobs.failAbandonedJobs();
      const enrichments = await this.enrichmentJobs.failAbandonedJobs();
      const documents = await this.ingestRecovery.removeAbandonedDocuments();
      if (ingestions.length + enrichments.length + documents.length > 0) {
        this.logger.warn(
          `A stopped process left ${ingestions.length} ingestion and ${enrichments.length} enrichment jobs ` +
            `unfinished (now FAILED) and ${documents.length} half-written documents (removed)`,
        );
      }
    } catch (err) {
      // Not fatal: abandoned jobs still read as FAILED, half-written documents are never served.
      this.logger.error(
        `Start-up recovery did not finish (${(err as Error).message}); the next start retries`,
      );
    }
  }
}
