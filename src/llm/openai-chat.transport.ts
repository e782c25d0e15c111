import OpenAI from 'openai';
import {
  ChatTransportError,
  type ChatRequest,
  type ChatResponse,
  type ChatTransport,
} from './chat.transport';
import { parseRetryAfterMs } from './retry-policy';

/** Chat completions against any OpenAI-compatible server (OpenAI, vLLM, Ollama, LM Studio). The only openai importer. */
export class OpenAiChatTransport implements ChatTransport {
  private readonly client: OpenAI;

  constructor(settings: { baseUrl: string; apiKey: string; timeoutMs: number }) {
    // LlmClient owns retries (and counts them), so the client's own are off; local servers need no key but the client wants one.
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      apiKey: settings.apiKey || 'not-needed',
      timeout: settings.timeoutMs,
      maxRetries: 0,
    });
  }

  async complete(
    request: ChatRequest,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<ChatResponse> {
    // The client's timeout stops at the response headers; this signal also bounds reading the body.
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: request.model,
          messages: request.messages,
          ...(request.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
        },
        { timeout: options.timeoutMs, signal, maxRetries: 0 },
      );
    } catch (err) {
      throw toTransportError(err, request.jsonMode, deadline.aborted, options.signal?.aborted === true);
    }

    const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
    if (!choice) {
      throw new ChatTransportError('bad-reply', 'the server answered without any choices');
    }
    const usage = completion.usage;
    return {
      content: choice.message?.content ?? '',
      ...(usage && typeof usage.prompt_tokens === 'number'
        ? { usage: { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0 } }
        : {}),
      ...(choice.finish_reason ? { finishReason: choice.finish_reason } : {}),
    };
  }
}

function toTransportError(
  err: unknown,
  jsonMode: boolean,
  timedOut: boolean,
  callerAborted: boolean,
): ChatTransportError {
  const message = err instanceof Error ? err.message : String(err);
  if (callerAborted)
    return new ChatTransportError('aborted', 'the call was cancelled', undefined, undefined, { cause: err });
  if (timedOut || err instanceof OpenAI.APIConnectionTimeoutError) {
    return new ChatTransportError('timeout', 'the request timed out', undefined, undefined, { cause: err });
  }
  if (err instanceof OpenAI.APIConnectionError) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return new ChatTransportError('connection', `${message}${cause}`, undefined, undefined, { cause: err });
  }
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    const status = err.status;
    // The client types headers with the DOM Headers type, which this project's lib settings do not include.
    const headers = err.headers as { get(name: string): string | null } | undefined;
    const retryAfterMs = parseRetryAfterMs(headers?.get('retry-after'), headers?.get('retry-after-ms'));
    const kind =
      status === 429
        ? 'rate-limited'
        : status >= 500
          ? 'server-error'
          : jsonMode && (status === 400 || status === 422)
            ? 'response-format-rejected'
            : 'client-error';
    // The client's message already starts with the status ("500 upstream failed").
    return new ChatTransportError(kind, message, status, retryAfterMs, { cause: err });
  }
  return new ChatTransportError('connection', message, undefined, undefined, { cause: err });
}
