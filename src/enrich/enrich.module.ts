import { Module } from '@nestjs/common';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { LlmModule } from '../llm/llm.module';
import { JobQueue } from '../queue/job-queue';
import { ENRICH_STAGES, type EnrichStageRegistry } from './enrich-stage';
import { EnrichRepository } from './enrich.repository';
import { EnrichService } from './enrich.service';
import { ENRICH_QUEUE, EnrichmentJobService, type EnrichMessage } from './enrichment-job.service';
import { EnrichmentWorkerService } from './enrichment-worker.service';
import { ContentEvolutionStage } from './evolution/content-evolution.stage';
import { EvolutionRepository } from './evolution/evolution.repository';
import { SimilarPagesStage } from './similarity/similar-pages.stage';
import { SimilarityRepository } from './similarity/similarity.repository';
import { SummariesModule } from './summaries/summaries.module';
import { SummariesStage } from './summaries/summaries.stage';
import { SummaryTreeModule } from './summary-tree/summary-tree.module';
import { SummaryTreeStage } from './summary-tree/summary-tree.stage';

/**
 * Enrichment: page SIMILAR_TO and the evolving content graph here; summaries and the summary tree from their own
 * modules; every stage injected into EnrichService as ENRICH_STAGES. Needs the global graph module and the
 * EMBEDDER (EmbedModule.forRootAsync in the root module).
 */
@Module({
  imports: [LlmModule, SummariesModule, SummaryTreeModule],
  providers: [
    EnrichRepository,
    EnrichService,
    EnrichmentJobService,
    EnrichmentWorkerService,
    {
      // Redis is connected to only when FOLIO_INGEST_RUNNER=redis: the inline default needs none.
      provide: ENRICH_QUEUE,
      inject: [FOLIO_CONFIG],
      useFactory: (config: FolioConfig): JobQueue<EnrichMessage> | null =>
        config.ingest.runner === 'redis' ? new JobQueue<EnrichMessage>('enrich', config) : null,
    },
    SimilarityRepository,
    SimilarPagesStage,
    EvolutionRepository,
    ContentEvolutionStage,
    {
      provide: ENRICH_STAGES,
      inject: [SummariesStage, SimilarPagesStage, ContentEvolutionStage, SummaryTreeStage],
      useFactory: (
        summaries: SummariesStage,
        similar: SimilarPagesStage,
        evolve: ContentEvolutionStage,
        tree: SummaryTreeStage,
      ): EnrichStageRegistry => ({ summaries, similar, evolve, tree }),
    },
  ],
  exports: [
    EnrichService,
    EnrichmentJobService,
    EnrichmentWorkerService,
    SimilarityRepository,
    EvolutionRepository,
  ],
})
export class EnrichModule {}
