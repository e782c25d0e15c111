import { Module } from '@nestjs/common';
import { LlmService } from './llm.service';

/** LLM roles with offline fallbacks. Reads the global FOLIO_CONFIG; imports nothing. */
@Module({
  providers: [LlmService],
  exports: [LlmService],
})
export class LlmModule {}
