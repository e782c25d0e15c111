import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { LlmService } from '../llm/llm.service';
import type { EnrichMode } from './enrich-stage';

/** The models the summarising and evolving stages call: one injectable instead of the same pair in each stage. */
@Injectable()
export class StageModels {
  constructor(
    readonly llm: LlmService,
    @Inject(EMBEDDER) readonly embedder: Embedder,
  ) {}

  /** A run in `mode` calls the LLM only when `llm` is asked for and a model is configured. */
  usesLlm(mode: EnrichMode): boolean {
    return mode === 'llm' && this.llm.enabled;
  }
}
