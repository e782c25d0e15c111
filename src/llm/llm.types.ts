import type { UsageMeter } from './llm-usage';

/** The roles Folio asks a model to play; each has a prompt in `prompts/` and (except answer) an offline fallback. */
export const LLM_ROLES = [
  'answer',
  'relevance',
  'judge',
  'decompose',
  'summarise',
  'evolve',
  'plan',
  'check',
  'grade',
  'route',
] as const;
export type LlmRole = (typeof LLM_ROLES)[number];
/** Free-form calls (completeText) may name their own role for accounting. */
export type LlmRoleName = LlmRole | (string & {});

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmCallOptions {
  /** Usage of this call is recorded here (and in the meter's parents). */
  meter?: UsageMeter;
  /** Cancels the call (no retries after an abort). */
  signal?: AbortSignal;
  maxTokens?: number;
  /** Defaults to 0 so runs are as repeatable as the server allows. */
  temperature?: number;
}

/** A role's result: from the model, or from the deterministic fallback (with a warning when the model failed). */
export interface RoleOutcome<T> {
  value: T;
  source: 'llm' | 'offline';
  /** Set when an LLM is configured but failed, so callers can surface the degradation in their response. */
  warning?: string;
}
