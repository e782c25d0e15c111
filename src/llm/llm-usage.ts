import type { ChatMessage } from './llm.types';

/** LLM calls and tokens of one question (or one run), as the API reports them. */
export interface LlmUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** USD per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}
export type ModelPriceTable = Record<string, ModelPrice>;

/** List prices at the time of writing; local models (vLLM, Ollama, LM Studio) cost nothing per token. */
export const DEFAULT_MODEL_PRICES: ModelPriceTable = {
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
};

/** Price of a model: exact name, else the longest table key the name starts with (dated variants), else zero. */
export function priceOf(model: string, prices: ModelPriceTable = DEFAULT_MODEL_PRICES): ModelPrice {
  const exact = prices[model];
  if (exact) return exact;
  const prefix = Object.keys(prices)
    .filter((key) => model.startsWith(`${key}-`))
    .sort((a, b) => b.length - a.length)[0];
  return (prefix === undefined ? undefined : prices[prefix]) ?? { inputPerMillion: 0, outputPerMillion: 0 };
}

export function estimateCostUsd(
  model: string,
  promptTokens: number,
  completionTokens: number,
  prices: ModelPriceTable = DEFAULT_MODEL_PRICES,
): number {
  const price = priceOf(model, prices);
  return (promptTokens * price.inputPerMillion + completionTokens * price.outputPerMillion) / 1_000_000;
}

/** English runs ~4 characters per token; used only when a server omits `usage`. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Chat formatting adds a few tokens per message on top of the content. */
export function estimatePromptTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + estimateTokens(m.content) + 4, 0);
}

/** One logical call (all its attempts together). */
export interface LlmCallRecord {
  role: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** True when at least one attempt's tokens were estimated because the server sent no usage. */
  estimated: boolean;
  ms: number;
  /** Attempts beyond the first (transport retries, JSON re-asks and the response_format fallback). */
  retries: number;
  ok: boolean;
  costUsd: number;
}

export interface RoleTotals {
  calls: number;
  failedCalls: number;
  promptTokens: number;
  completionTokens: number;
  ms: number;
  retries: number;
  costUsd: number;
}

export interface UsageTotals extends RoleTotals {
  /** Calls whose token counts are (partly) estimates. */
  estimatedCalls: number;
  byRole: Record<string, RoleTotals>;
}

function emptyRoleTotals(): RoleTotals {
  return { calls: 0, failedCalls: 0, promptTokens: 0, completionTokens: 0, ms: 0, retries: 0, costUsd: 0 };
}

function add(totals: RoleTotals, record: LlmCallRecord): void {
  totals.calls += 1;
  if (!record.ok) totals.failedCalls += 1;
  totals.promptTokens += record.promptTokens;
  totals.completionTokens += record.completionTokens;
  totals.ms += record.ms;
  totals.retries += record.retries;
  totals.costUsd += record.costUsd;
}

/**
 * Collects the LLM calls of one request or stage. Create one per unit of work and pass it in the call options;
 * a meter created with a parent also records into the parent, so a stage meter rolls up into its request's.
 */
export class UsageMeter {
  private readonly calls: LlmCallRecord[] = [];

  constructor(private readonly parent?: UsageMeter) {}

  record(call: LlmCallRecord): void {
    this.calls.push(call);
    this.parent?.record(call);
  }

  get records(): readonly LlmCallRecord[] {
    return this.calls;
  }

  totals(): UsageTotals {
    const totals: UsageTotals = { ...emptyRoleTotals(), estimatedCalls: 0, byRole: {} };
    for (const call of this.calls) {
      add(totals, call);
      if (call.estimated) totals.estimatedCalls += 1;
      const role = (totals.byRole[call.role] ??= emptyRoleTotals());
      add(role, call);
    }
    return totals;
  }

  /** The shape the retrieve contract (AskResult.usage) carries. */
  toLlmUsage(): LlmUsage {
    const { calls, promptTokens, completionTokens } = this.totals();
    return { calls, promptTokens, completionTokens };
  }
}
