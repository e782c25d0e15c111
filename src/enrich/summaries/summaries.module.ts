import { Module } from '@nestjs/common';
import { LlmModule } from '../../llm/llm.module';
import { SummariesRepository } from './summaries.repository';
import { SummariesStage } from './summaries.stage';

/** The enrich stage `summaries` (page/section/document summaries and the inferred outline), and reading them back. */
@Module({
  imports: [LlmModule],
  providers: [SummariesRepository, SummariesStage],
  exports: [SummariesStage, SummariesRepository],
})
export class SummariesModule {}
