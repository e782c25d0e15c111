import { offlineSummarise } from '../../llm/offline/summarise.offline';
import type { SummariseInput, SummariseReply } from '../../llm/prompts/summarise.prompt';
import type { EnrichStageContext, EnrichStageEstimate } from '../enrich-stage';
import type { StageModels } from '../stage-models';

/** Tokens an LLM summary reply takes, for estimates (~100 words plus keywords). */
const REPLY_TOKENS = 160;
/** Prompt tokens beyond the source text (instructions, title). */
const PROMPT_OVERHEAD_TOKENS = 80;

/** The estimate of `calls` summarise calls that read `textTokens` of source text between them. */
export function summariseEstimate(calls: number, textTokens: number, basis: string): EnrichStageEstimate {
  return {
    calls,
    promptTokens: calls > 0 ? textTokens + calls * PROMPT_OVERHEAD_TOKENS : 0,
    completionTokens: calls * REPLY_TOKENS,
    basis,
  };
}

/**
 * Summaries for one stage run: the LLM's `summarise` role in `llm` mode when a model is configured (its own
 * offline fallback covers failures), else the extractive fallback directly — so `offline` mode never calls a
 * configured model. Fallback warnings are counted and reported once, not once per page.
 */
export class StageSummariser {
  private fallbacks = 0;
  private firstWarning: string | null = null;
  calls = 0;

  constructor(
    private readonly models: StageModels,
    private readonly ctx: EnrichStageContext,
  ) {}

  get usesLlm(): boolean {
    return this.models.usesLlm(this.ctx.mode);
  }

  async summarise(input: SummariseInput): Promise<SummariseReply & { source: 'llm' | 'offline' }> {
    if (!this.usesLlm) return { ...offlineSummarise(input), source: 'offline' };
    this.calls += 1;
    const outcome = await this.models.llm.summarise(input, {
      meter: this.ctx.meter,
      ...(this.ctx.signal ? { signal: this.ctx.signal } : {}),
    });
    if (outcome.warning) {
      this.fallbacks += 1;
      this.firstWarning ??= outcome.warning;
    }
    return { ...outcome.value, source: outcome.source };
  }

  /** Reports the fallbacks, if any, as one warning through the stage context. */
  flushWarnings(what: string): void {
    if (this.fallbacks === 0 || !this.firstWarning) return;
    this.ctx.warn(
      `${this.fallbacks} of ${this.calls} ${what} summaries fell back to the extractive summary; ` +
        `first failure: ${this.firstWarning}`,
    );
    this.fallbacks = 0;
    this.firstWarning = null;
  }
}
