import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { z } from 'zod';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { LlmClient, type LlmClientDeps, type LlmClientSettings, type LlmReply } from './llm.client';
import { LlmError, LlmErrorCode, notConfiguredError } from './llm.errors';
import { LLM_CLIENT_DEPS } from './llm.tokens';
import type { ChatMessage, LlmCallOptions, LlmRoleName, RoleOutcome } from './llm.types';
import { offlineCheck } from './offline/check.offline';
import { offlineDecompose } from './offline/decompose.offline';
import { offlineEvolve } from './offline/evolve.offline';
import { offlineGrade } from './offline/grade.offline';
import { offlineJudge } from './offline/judge.offline';
import { offlinePlan } from './offline/plan.offline';
import { offlineRelevance } from './offline/relevance.offline';
import { offlineRoute } from './offline/route.offline';
import { offlineSummarise } from './offline/summarise.offline';
import { buildAnswerPrompt, type AnswerInput, type AnswerReply } from './prompts/answer.prompt';
import { buildCheckPrompt } from './prompts/check.prompt';
import { buildDecomposePrompt } from './prompts/decompose.prompt';
import { buildEvolvePrompt } from './prompts/evolve.prompt';
import { buildGradePrompt } from './prompts/grade.prompt';
import { buildJudgePrompt } from './prompts/judge.prompt';
import { buildPlanPrompt } from './prompts/plan.prompt';
import { buildRelevancePrompt } from './prompts/relevance.prompt';
import { buildRoutePrompt } from './prompts/route.prompt';
import type { RolePrompt } from './prompts/role-prompt';
import { buildSummarisePrompt } from './prompts/summarise.prompt';

/** FolioConfig.llm plus settings the environment does not carry yet (price table, backoff, breaker). */
export type LlmSettings = NonNullable<FolioConfig['llm']> &
  Partial<Pick<LlmClientSettings, 'prices' | 'backoff'>> & { breakerCooldownMs?: number };

/** After the server timed out or was unreachable, fallback roles skip it for this long instead of waiting again. */
const DEFAULT_BREAKER_COOLDOWN_MS = 30_000;

/**
 * The LLM roles of Folio. With no model configured (`enabled` false) every role except `answer` runs its
 * deterministic offline fallback; with a model that fails after retries, those roles return the fallback plus a
 * `warning`, so callers degrade instead of failing. `answer` throws LlmError (LLM_NOT_CONFIGURED offline).
 */
@Injectable()
export class LlmService {
  readonly enabled: boolean;
  readonly model: string | null;
  private readonly client: LlmClient | null;
  private readonly logger = new Logger(LlmService.name);
  private readonly breakerCooldownMs: number;
  private outage: { until: number; error: LlmError } | null = null;

  constructor(
    @Inject(FOLIO_CONFIG) config: FolioConfig,
    @Optional() @Inject(LLM_CLIENT_DEPS) deps?: LlmClientDeps,
  ) {
    // Wider than FolioConfig.llm only by optional fields (price table, backoff, breaker) the environment does not set yet.
    const settings: LlmSettings | null = config.llm;
    this.client = settings
      ? new LlmClient(settings, { log: (message) => this.logger.debug(message), ...deps })
      : null;
    this.enabled = this.client !== null;
    this.model = settings?.model ?? null;
    this.breakerCooldownMs = settings?.breakerCooldownMs ?? DEFAULT_BREAKER_COOLDOWN_MS;
  }

  /** MMRAG-DocQA answer over numbered evidence. Throws LlmError; the caller writes the extractive answer instead. */
  async answer(input: AnswerInput, opts?: LlmCallOptions): Promise<RoleOutcome<AnswerReply>> {
    const prompt = buildAnswerPrompt(input);
    const client = this.requireClient(prompt.role);
    const reply = await this.call(client, prompt, opts);
    return { value: prompt.finish(reply.value), source: 'llm' };
  }

  /** MMRAG-DocQA parent-page relevance (0–1) of one page. */
  readonly relevance = this.fallbackRole(buildRelevancePrompt, offlineRelevance);
  /** TRACE's judge: RELEVANT or IRRELEVANT, with its analysis. */
  readonly judge = this.fallbackRole(buildJudgePrompt, offlineJudge);
  /** TRACE's sub-queries of a question. */
  readonly decompose = this.fallbackRole(buildDecomposePrompt, offlineDecompose);
  readonly summarise = this.fallbackRole(buildSummarisePrompt, offlineSummarise);
  /** The evolved content graph's relations between elements. */
  readonly evolve = this.fallbackRole(buildEvolvePrompt, offlineEvolve);
  /** G2's plan: sub-questions in a DAG. */
  readonly plan = this.fallbackRole(buildPlanPrompt, offlinePlan);
  /** G2's evidence check: sufficient, or the gaps. */
  readonly check = this.fallbackRole(buildCheckPrompt, offlineCheck);
  readonly grade = this.fallbackRole(buildGradePrompt, offlineGrade);
  /** Document routing: which of the top candidate documents to search. Offline: the first `pick`. */
  readonly route = this.fallbackRole(buildRoutePrompt, offlineRoute);

  /** A custom JSON call (no fallback): throws LlmError, LLM_NOT_CONFIGURED when offline. */
  async completeJson<T>(
    role: LlmRoleName,
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    opts?: LlmCallOptions,
  ): Promise<LlmReply<T>> {
    return this.requireClient(role).completeJson(role, messages, schema, opts);
  }

  /** A free-text call (no fallback): throws LlmError, LLM_NOT_CONFIGURED when offline. */
  async completeText(
    role: LlmRoleName,
    messages: ChatMessage[],
    opts?: LlmCallOptions,
  ): Promise<LlmReply<string>> {
    return this.requireClient(role).completeText(role, messages, opts);
  }

  private requireClient(role: LlmRoleName): LlmClient {
    if (!this.client) throw notConfiguredError(role);
    return this.client;
  }

  /** A role that runs its prompt, or (offline, or after the model failed) its deterministic fallback. */
  private fallbackRole<TInput, TReply, TResult>(
    build: (input: TInput) => RolePrompt<TReply, TResult>,
    offline: (input: TInput) => TResult,
  ): (input: TInput, opts?: LlmCallOptions) => Promise<RoleOutcome<TResult>> {
    return (input, opts) => this.withFallback(build(input), () => offline(input), opts);
  }

  private async withFallback<TReply, TResult>(
    prompt: RolePrompt<TReply, TResult>,
    fallback: () => TResult,
    opts?: LlmCallOptions,
  ): Promise<RoleOutcome<TResult>> {
    if (!this.client) return { value: fallback(), source: 'offline' };
    try {
      const reply = await this.call(this.client, prompt, opts);
      return { value: prompt.finish(reply.value), source: 'llm' };
    } catch (err) {
      if (!(err instanceof LlmError)) throw err;
      const warning = `The LLM ${prompt.role} step failed (${err.code}), so the offline fallback was used: ${err.message}`;
      this.logger.warn(warning);
      return { value: fallback(), source: 'offline', warning };
    }
  }

  /** One role call, short-circuited while a recent timeout/outage is still cooling down. */
  private async call<TReply, TResult>(
    client: LlmClient,
    prompt: RolePrompt<TReply, TResult>,
    opts?: LlmCallOptions,
  ): Promise<LlmReply<TReply>> {
    if (this.outage && Date.now() < this.outage.until) {
      const seconds = Math.ceil((this.outage.until - Date.now()) / 1000);
      throw new LlmError(
        this.outage.error.code,
        `${this.outage.error.message} (not retried for another ${seconds} s after that failure)`,
        { role: prompt.role, attempts: 0 },
      );
    }
    try {
      const reply = await client.completeJson(prompt.role, prompt.messages, prompt.schema, opts);
      this.outage = null;
      return reply;
    } catch (err) {
      if (
        err instanceof LlmError &&
        (err.code === LlmErrorCode.LLM_TIMEOUT || err.code === LlmErrorCode.LLM_UNAVAILABLE) &&
        !opts?.signal?.aborted &&
        this.breakerCooldownMs > 0
      ) {
        this.outage = { until: Date.now() + this.breakerCooldownMs, error: err };
      }
      throw err;
    }
  }
}
