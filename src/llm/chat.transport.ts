import type { FailureKind } from './retry-policy';
import type { ChatMessage } from './llm.types';

// The seam between the retry/validation logic (LlmClient) and the wire (OpenAiChatTransport), so the logic is
// tested with fakes and the openai package stays in one file.

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  jsonMode: boolean;
  temperature?: number;
  maxTokens?: number;
}

export interface ChatResponse {
  content: string;
  /** Absent when the server sent no usage block. */
  usage?: { promptTokens: number; completionTokens: number };
  finishReason?: string;
}

export interface ChatTransport {
  /** Sends one request (no retries). Throws ChatTransportError. */
  complete(request: ChatRequest, options: { timeoutMs: number; signal?: AbortSignal }): Promise<ChatResponse>;
}

export class ChatTransportError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChatTransportError';
  }
}
