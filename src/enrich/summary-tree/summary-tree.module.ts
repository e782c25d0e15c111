import { Module } from '@nestjs/common';
import { LlmModule } from '../../llm/llm.module';
import { ENRICH_STAGE_TOKENS } from '../enrich-stage';
import { SummaryTreeRepository } from './summary-tree.repository';
import { SummaryTreeStage } from './summary-tree.stage';

/** The enrich stage `tree` (MMRAG-DocQA / RAPTOR summary tree). */
@Module({
  imports: [LlmModule],
  providers: [
    SummaryTreeRepository,
    SummaryTreeStage,
    { provide: ENRICH_STAGE_TOKENS.tree, useExisting: SummaryTreeStage },
  ],
  exports: [SummaryTreeStage, ENRICH_STAGE_TOKENS.tree],
})
export class SummaryTreeModule {}
