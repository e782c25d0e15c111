import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local OpenAI-compatible server for tests: POST /v1/chat/completions answers from a scripted queue of
// behaviours (one per request), POST /v1/embeddings returns deterministic vectors. Every request is recorded.

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export type FakeBehaviour =
  | { kind: 'json'; value: unknown; usage?: FakeUsage | null }
  | { kind: 'text'; text: string; usage?: FakeUsage | null }
  | { kind: 'malformed' }
  | { kind: 'status'; status: number; message?: string; retryAfterSeconds?: number }
  | { kind: 'delay'; ms: number; then: FakeBehaviour }
  | { kind: 'noResponseFormat' }
  | { kind: 'by'; choose: (req: RecordedRequest) => FakeBehaviour };

/** A 200 whose message content is `JSON.stringify(value)`. `usage: null` omits the usage block. */
export const json = (value: unknown, usage?: FakeUsage | null): FakeBehaviour => ({
  kind: 'json',
  value,
  ...(usage === undefined ? {} : { usage }),
});
/** A 200 whose message content is the text as given (e.g. JSON in ```json fences, or prose). */
export const text = (content: string, usage?: FakeUsage | null): FakeBehaviour => ({
  kind: 'text',
  text: content,
  ...(usage === undefined ? {} : { usage }),
});
/** A 200 whose message content is truncated, invalid JSON. */
export const malformed = (): FakeBehaviour => ({ kind: 'malformed' });
/** An error status (500, 429, …) with an OpenAI-style error body. */
export const status = (
  code: number,
  options: { message?: string; retryAfterSeconds?: number } = {},
): FakeBehaviour => ({
  kind: 'status',
  status: code,
  ...options,
});
/** Waits before answering (before any header is sent), then behaves as `then` (default: an empty JSON object). */
export const delay = (ms: number, then: FakeBehaviour = json({})): FakeBehaviour => ({
  kind: 'delay',
  ms,
  then,
});
/** Behaves as `choose` says for the request it answers: a judge that labels pages by what they say, for example. */
export const replyBy = (choose: (req: RecordedRequest) => FakeBehaviour): FakeBehaviour => ({
  kind: 'by',
  choose,
});
/**
 * A 400 naming response_format when the request sent one (as servers without JSON mode answer). A request without
 * response_format passes through to the next behaviour in the queue.
 */
export const noResponseFormat = (): FakeBehaviour => ({ kind: 'noResponseFormat' });

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: ChatCompletionBody & Record<string, unknown>;
}

export interface ChatCompletionBody {
  model?: string;
  messages?: { role: string; content: string }[];
  response_format?: { type: string };
  temperature?: number;
  max_tokens?: number;
  input?: string | string[];
}

export interface FakeResponseRecord {
  path: string;
  status: number;
  /** The usage block sent (null when omitted or on errors). */
  usage: FakeUsage | null;
}

export interface FakeOpenAiServer {
  /** Ends in /v1, as FOLIO_LLM_BASE_URL does. */
  baseUrl: string;
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** Behaviours not used yet. */
  pending(): number;
  requests: RecordedRequest[];
  /** Chat completion requests only. */
  chatRequests(): RecordedRequest[];
  responses: FakeResponseRecord[];
  /** Sum of the usage blocks the server sent. */
  usageSent(): FakeUsage;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  /** Dimension of /v1/embeddings vectors (default 8). */
  embeddingDimension?: number;
  /** Reject every request that sends response_format (as older local servers do), without using the queue. */
  rejectResponseFormat?: boolean;
  /** What an empty queue answers (default: 500 "no scripted behaviour", so a test that under-scripts fails loudly). */
  whenEmpty?: FakeBehaviour;
}

/** Word count of the prompt: stable, easy to predict in tests, and close enough to real token counts. */
function countTokens(content: string): number {
  return content.split(/\s+/).filter(Boolean).length;
}

export function fakeEmbedding(text: string, dimension: number): number[] {
  let h = 2166136261;
  const vector: number[] = [];
  for (let i = 0; i < dimension; i++) {
    for (const ch of `${i}:${text}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    vector.push((h % 2000) / 1000 - 1);
  }
  return vector;
}

export async function startFakeOpenAiServer(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  const queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  const responses: FakeResponseRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const dimension = options.embeddingDimension ?? 8;
  let completionCounter = 0;

  const send = (
    res: http.ServerResponse,
    path: string,
    code: number,
    payload: unknown,
    usage: FakeUsage | null = null,
    headers: Record<string, string> = {},
  ) => {
    responses.push({ path, status: code, usage });
    if (res.destroyed || res.writableEnded) return; // the client gave up (timeout) — nothing to write to
    res.writeHead(code, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
  };

  const chatCompletion = (
    req: RecordedRequest,
    res: http.ServerResponse,
    content: string,
    usage: FakeUsage | null | undefined,
  ) => {
    const promptTokens = (req.body.messages ?? []).reduce(
      (sum, m) => sum + countTokens(String(m.content)),
      0,
    );
    const sent: FakeUsage | null =
      usage === null
        ? null
        : (usage ?? { prompt_tokens: promptTokens, completion_tokens: countTokens(content) });
    completionCounter += 1;
    send(
      res,
      req.path,
      200,
      {
        id: `chatcmpl-fake-${completionCounter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: req.body.model ?? 'fake-model',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        ...(sent ? { usage: { ...sent, total_tokens: sent.prompt_tokens + sent.completion_tokens } } : {}),
      },
      sent,
    );
  };

  const errorBody = (message: string, type: string, param: string | null = null) => ({
    error: { message, type, param, code: null },
  });

  const behave = (req: RecordedRequest, res: http.ServerResponse, behaviour: FakeBehaviour): void => {
    switch (behaviour.kind) {
      case 'json':
        return chatCompletion(req, res, JSON.stringify(behaviour.value), behaviour.usage);
      case 'text':
        return chatCompletion(req, res, behaviour.text, behaviour.usage);
      case 'malformed':
        return chatCompletion(
          req,
          res,
          '{"analysis": "the answer is on page 3", "relevantPages": [3',
          undefined,
        );
      case 'status':
        return send(
          res,
          req.path,
          behaviour.status,
          errorBody(
            behaviour.message ?? `fake server error ${behaviour.status}`,
            behaviour.status === 429 ? 'rate_limit_error' : 'server_error',
          ),
          null,
          behaviour.retryAfterSeconds === undefined
            ? {}
            : { 'retry-after': String(behaviour.retryAfterSeconds) },
        );
      case 'delay': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          behave(req, res, behaviour.then);
        }, behaviour.ms);
        timers.add(timer);
        return;
      }
      case 'by':
        return behave(req, res, behaviour.choose(req));
      case 'noResponseFormat':
        if (req.body.response_format !== undefined) {
          return send(
            res,
            req.path,
            400,
            errorBody(
              "'response_format' is not supported by this model",
              'invalid_request_error',
              'response_format',
            ),
          );
        }
        return behave(req, res, queue.shift() ?? emptyQueue());
    }
  };

  const emptyQueue = (): FakeBehaviour =>
    options.whenEmpty ?? status(500, { message: 'fake server: no scripted behaviour left' });

  const server = http.createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const path = (incoming.url ?? '').split('?')[0] ?? '';
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as RecordedRequest['body'];
      } catch {
        send(res, path, 400, errorBody('request body is not JSON', 'invalid_request_error'));
        return;
      }
      const req: RecordedRequest = { method: incoming.method ?? '', path, headers: incoming.headers, body };
      requests.push(req);
      if (req.method === 'POST' && path === '/v1/embeddings') {
        const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ''];
        const usage = { prompt_tokens: inputs.reduce((s, t) => s + countTokens(t), 0), completion_tokens: 0 };
        send(
          res,
          path,
          200,
          {
            object: 'list',
            model: body.model ?? 'fake-embed',
            data: inputs.map((t, index) => ({
              object: 'embedding',
              index,
              embedding: fakeEmbedding(t, dimension),
            })),
            usage: { prompt_tokens: usage.prompt_tokens, total_tokens: usage.prompt_tokens },
          },
          usage,
        );
        return;
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        send(res, path, 404, errorBody(`no route ${req.method} ${path}`, 'invalid_request_error'));
        return;
      }
      if (options.rejectResponseFormat && body.response_format !== undefined) {
        behave(req, res, noResponseFormat());
        return;
      }
      behave(req, res, queue.shift() ?? emptyQueue());
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    enqueue: (...behaviours) => void queue.push(...behaviours),
    pending: () => queue.length,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions'),
    responses,
    usageSent: () =>
      responses
        .filter((r) => r.path === '/v1/chat/completions')
        .reduce(
          (sum, r) => ({
            prompt_tokens: sum.prompt_tokens + (r.usage?.prompt_tokens ?? 0),
            completion_tokens: sum.completion_tokens + (r.usage?.completion_tokens ?? 0),
          }),
          { prompt_tokens: 0, completion_tokens: 0 },
        ),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
