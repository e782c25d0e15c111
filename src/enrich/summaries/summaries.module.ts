import { Module } from '@nestjs/common';
import { LlmModule } from '../../llm/llm.module';
import { SummariesRepository } from './summaries.repository';
import { SummariesStage } from './summaries.stage';
import { StageModels } from '../stage-models';

/** The enrich stage `summaries` (page/section/document summaries and the inferred outline), and reading them back. */
@Module({
  imports: [LlmModule],
  providers: [SummariesRepository, SummariesStage, StageModels],
  exports: [SummariesStage, SummariesRepository, StageModels],
})
export class SummariesModule {}
