import { Module } from '@nestjs/common';
import { SummariesModule } from '../summaries/summaries.module';
import { SummaryTreeRepository } from './summary-tree.repository';
import { SummaryTreeStage } from './summary-tree.stage';

/** The enrich stage `tree` (MMRAG-DocQA / RAPTOR summary tree). */
@Module({
  imports: [SummariesModule],
  providers: [SummaryTreeRepository, SummaryTreeStage],
  exports: [SummaryTreeStage],
})
export class SummaryTreeModule {}
