import { Module } from '@nestjs/common';
import { LlmModule } from '../../llm/llm.module';
import { SummaryTreeRepository } from './summary-tree.repository';
import { SummaryTreeStage } from './summary-tree.stage';

/** The enrich stage `tree` (MMRAG-DocQA / RAPTOR summary tree). */
@Module({
  imports: [LlmModule],
  providers: [SummaryTreeRepository, SummaryTreeStage],
  exports: [SummaryTreeStage],
})
export class SummaryTreeModule {}
