import { Module } from '@nestjs/common';
import { LlmModule } from '../llm/llm.module';
import { ExtractiveAnswerer } from './extractive-answer';
import { RetrieveRepository } from './retrieve.repository';
import { RetrieveService } from './retrieve.service';

/** Search strategies (Cypher in cypher/retrieve/), re-ranking and cited answers. */
@Module({
  imports: [LlmModule],
  providers: [RetrieveRepository, RetrieveService, ExtractiveAnswerer],
  exports: [RetrieveService],
})
export class RetrieveModule {}
