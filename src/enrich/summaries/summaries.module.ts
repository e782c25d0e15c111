import { Module } from '@nestjs/common';
import { LlmModule } from '../../llm/llm.module';
import { ENRICH_STAGE_TOKENS } from '../enrich-stage';
import { SummariesRepository } from './summaries.repository';
import { SummariesStage } from './summaries.stage';

/** The enrich stage `summaries` (page/section/document summaries and the inferred outline), and reading them back. */
@Module({
  imports: [LlmModule],
  providers: [
    SummariesRepository,
    SummariesStage,
    { provide: ENRICH_STAGE_TOKENS.summaries, useExisting: SummariesStage },
  ],
  exports: [SummariesStage, SummariesRepository, ENRICH_STAGE_TOKENS.summaries],
})
export class SummariesModule {}
