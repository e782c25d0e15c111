import { Module } from '@nestjs/common';
import { LlmModule } from '../llm/llm.module';
import { ENRICH_STAGE_TOKENS } from './enrich-stage';
import { EnrichRepository } from './enrich.repository';
import { EnrichService } from './enrich.service';
import { EnrichmentJobService } from './enrichment-job.service';
import { ContentEvolutionStage } from './evolution/content-evolution.stage';
import { EvolutionRepository } from './evolution/evolution.repository';
import { SimilarPagesStage } from './similarity/similar-pages.stage';
import { SimilarityRepository } from './similarity/similarity.repository';

/**
 * Enrichment: page SIMILAR_TO and the evolving content graph here; summaries and the summary tree come from
 * their own modules, found by EnrichService through ENRICH_STAGE_TOKENS. Needs the global graph module and the
 * EMBEDDER (EmbedModule.forRootAsync in the root module).
 */
@Module({
  imports: [LlmModule],
  providers: [
    EnrichRepository,
    EnrichService,
    EnrichmentJobService,
    SimilarityRepository,
    SimilarPagesStage,
    EvolutionRepository,
    ContentEvolutionStage,
    { provide: ENRICH_STAGE_TOKENS.similar, useExisting: SimilarPagesStage },
    { provide: ENRICH_STAGE_TOKENS.evolve, useExisting: ContentEvolutionStage },
  ],
  exports: [EnrichService, EnrichmentJobService, SimilarityRepository, EvolutionRepository],
})
export class EnrichModule {}
