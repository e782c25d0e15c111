import { Module } from '@nestjs/common';
import { LlmModule } from '../llm/llm.module';
import { ExtractiveAnswerer } from './extractive-answer';
import { RetrieveRepository } from './retrieve.repository';
import { RetrieveService } from './retrieve.service';
import { TraceJudge } from './trace/trace-judge';
import { TraceWalker } from './trace/trace-walker';

/** Search strategies (Cypher in cypher/retrieve/), re-ranking and cited answers. */
@Module({
  imports: [LlmModule],
  providers: [RetrieveRepository, RetrieveService, ExtractiveAnswerer, TraceJudge, TraceWalker],
  exports: [RetrieveService],
})
export class RetrieveModule {}
