import type { z } from 'zod';
import { ChatTransportError, type ChatTransport } from './chat.transport';
import { parseJsonReply, type ReplyParse } from './json-reply';
import { type Failure, failureError } from './llm-failure';
import type { LlmError } from './llm.errors';
import type { ChatMessage, LlmCallOptions, LlmRoleName } from './llm.types';
import {
  DEFAULT_MODEL_PRICES,
  estimateCostUsd,
  estimatePromptTokens,
  estimateTokens,
  type LlmCallRecord,
  type ModelPriceTable,
} from './llm-usage';
import { OpenAiChatTransport } from './openai-chat.transport';
import { DEFAULT_BACKOFF, retryDecision, type BackoffSettings } from './retry-policy';

export interface LlmClientSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Attempts after the first, shared by transport failures and re-asks after bad JSON. */
  maxRetries: number;
  prices?: ModelPriceTable;
  backoff?: BackoffSettings;
}

export interface LlmClientDeps {
  transport?: ChatTransport;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  log?: (message: string) => void;
}

export interface LlmReply<T> {
  value: T;
  usage: LlmCallRecord;
}

/** A bad reply is echoed back when re-asking; a few thousand characters show the model its mistake. */
const MAX_ECHOED_REPLY_CHARS = 2_000;

/**
 * Chat completions with JSON-mode parsing, zod validation, timeouts, retries with backoff, and usage accounting.
 * Works against any OpenAI-compatible base URL; falls back to plain text + JSON extraction for servers that
 * reject `response_format`.
 */
export class LlmClient {
  readonly model: string;
  private readonly transport: ChatTransport;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Cleared once the server has rejected response_format and answered without it. */
  private jsonModeSupported = true;

  constructor(
    private readonly settings: LlmClientSettings,
    private readonly deps: LlmClientDeps = {},
  ) {
    this.model = settings.model;
    this.transport = deps.transport ?? new OpenAiChatTransport(settings);
    this.sleep = deps.sleep ?? abortableSleep;
  }

  get baseUrl(): string {
    return this.settings.baseUrl;
  }

  /** A JSON reply validated by `schema`; invalid or unparsable replies are re-asked with the problem stated. */
  async completeJson<T>(
    role: LlmRoleName,
    messages: ChatMessage[],
    schema: z.ZodType<T>,
    opts: LlmCallOptions = {},
  ): Promise<LlmReply<T>> {
    return this.run(role, mentionJson(messages), true, (text) => parseJsonReply(text, schema), opts);
  }

  async completeText(
    role: LlmRoleName,
    messages: ChatMessage[],
    opts: LlmCallOptions = {},
  ): Promise<LlmReply<string>> {
    return this.run(
      role,
      messages,
      false,
      (text): ReplyParse<string> =>
        text.trim().length > 0
          ? { ok: true, value: text.trim() }
          : { ok: false, problem: 'the reply was empty' },
      opts,
    );
  }

  private async run<T>(
    role: LlmRoleName,
    messages: ChatMessage[],
    wantsJson: boolean,
    parse: (text: string) => ReplyParse<T>,
    opts: LlmCallOptions,
  ): Promise<LlmReply<T>> {
    const started = performance.now();
    let jsonMode = wantsJson && this.jsonModeSupported;
    let formatFallbackUsed = false;
    let conversation = messages;
    let failedAttempts = 0;
    let requests = 0;
    const tokens = { prompt: 0, completion: 0, estimated: false };

    const finish = (ok: boolean): LlmCallRecord => {
      const record: LlmCallRecord = {
        role,
        model: this.model,
        promptTokens: tokens.prompt,
        completionTokens: tokens.completion,
        estimated: tokens.estimated,
        ms: Math.round(performance.now() - started),
        retries: requests - 1,
        ok,
        costUsd: estimateCostUsd(
          this.model,
          tokens.prompt,
          tokens.completion,
          this.settings.prices ?? DEFAULT_MODEL_PRICES,
        ),
      };
      opts.meter?.record(record);
      return record;
    };

    for (;;) {
      requests += 1;
      let failure: Failure;
      try {
        const response = await this.transport.complete(
          {
            model: this.model,
            messages: conversation,
            jsonMode,
            temperature: opts.temperature ?? 0,
            ...(opts.maxTokens === undefined ? {} : { maxTokens: opts.maxTokens }),
          },
          { timeoutMs: this.settings.timeoutMs, ...(opts.signal ? { signal: opts.signal } : {}) },
        );
        if (response.usage) {
          tokens.prompt += response.usage.promptTokens;
          tokens.completion += response.usage.completionTokens;
        } else {
          tokens.prompt += estimatePromptTokens(conversation);
          tokens.completion += estimateTokens(response.content);
          tokens.estimated = true;
        }
        if (formatFallbackUsed) this.jsonModeSupported = false;

        const parsed = parse(response.content);
        if (parsed.ok) return { value: parsed.value, usage: finish(true) };

        const cutOff =
          response.finishReason === 'length' ? ' (the reply was cut off at the token limit)' : '';
        failure = { kind: 'bad-reply', message: `${parsed.problem}${cutOff}` };
        if (wantsJson) conversation = reask(messages, response.content, failure.message);
      } catch (err) {
        if (!(err instanceof ChatTransportError)) throw err;
        if (err.kind === 'response-format-rejected' && !formatFallbackUsed) {
          // Capability probe, not a failure: it does not use up a retry.
          formatFallbackUsed = true;
          jsonMode = false;
          this.deps.log?.(
            `${this.settings.baseUrl} rejected response_format (${err.message}); retrying without it`,
          );
          continue;
        }
        failure = {
          kind: err.kind === 'response-format-rejected' ? 'client-error' : err.kind,
          message: err.message,
          ...(err.status === undefined ? {} : { status: err.status }),
          ...(err.retryAfterMs === undefined ? {} : { retryAfterMs: err.retryAfterMs }),
        };
      }

      const decision = retryDecision(failure.kind, failedAttempts, this.settings.maxRetries, {
        backoff: this.settings.backoff ?? DEFAULT_BACKOFF,
        ...(failure.retryAfterMs === undefined ? {} : { retryAfterMs: failure.retryAfterMs }),
        ...(this.deps.random ? { random: this.deps.random } : {}),
      });
      if (!decision.retry) {
        finish(false);
        throw this.toError(role, failure, requests);
      }
      failedAttempts += 1;
      this.deps.log?.(
        `${role}: attempt ${requests} failed (${failure.kind}: ${failure.message}); retrying in ${decision.delayMs} ms`,
      );
      try {
        await this.sleep(decision.delayMs, opts.signal);
      } catch {
        finish(false);
        throw this.toError(role, { kind: 'aborted', message: 'the call was cancelled' }, requests);
      }
    }
  }

  private toError(role: LlmRoleName, failure: Failure, attempts: number): LlmError {
    return failureError(role, failure, attempts, { ...this.settings, model: this.model });
  }
}

/** OpenAI's JSON mode refuses prompts that never say "JSON". */
function mentionJson(messages: ChatMessage[]): ChatMessage[] {
  if (messages.some((m) => /json/i.test(m.content))) return messages;
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ ...first, content: `${first.content}\nReply in JSON.` }, ...rest];
  return [{ role: 'system', content: 'Reply in JSON.' }, ...messages];
}

/** The original prompt, the bad reply, and what was wrong with it (earlier bad replies are not kept). */
function reask(messages: ChatMessage[], badReply: string, problem: string): ChatMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: badReply.slice(0, MAX_ECHOED_REPLY_CHARS) },
    {
      role: 'user',
      content:
        `Your previous reply could not be used: ${problem}. ` +
        'Reply again with only the JSON object described above: no prose, no code fences.',
    },
  ];
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 && !signal?.aborted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
