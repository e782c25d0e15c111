import { z } from 'zod';
import {
  ChatTransportError,
  type ChatRequest,
  type ChatResponse,
  type ChatTransport,
} from './chat.transport';
import { LlmClient } from './llm.client';
import { LlmError, LlmErrorCode } from './llm.errors';
import { UsageMeter } from './llm-usage';

type Step = ChatResponse | ChatTransportError;

/** Answers from a script and records each request. */
class ScriptedTransport implements ChatTransport {
  readonly requests: ChatRequest[] = [];
  constructor(private readonly script: Step[]) {}
  async complete(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(structuredClone(request));
    const step = this.script.shift();
    if (!step) throw new Error('script exhausted');
    if (step instanceof ChatTransportError) throw step;
    return step;
  }
}

const schema = z.object({ label: z.enum(['RELEVANT', 'IRRELEVANT']) });
const messages = [{ role: 'user' as const, content: 'Is this relevant? Reply in JSON.' }];
const ok = (content: string, usage = { promptTokens: 10, completionTokens: 3 }): ChatResponse => ({
  content,
  usage,
});

function clientWith(script: Step[], maxRetries = 2) {
  const transport = new ScriptedTransport(script);
  const sleeps: number[] = [];
  const client = new LlmClient(
    { baseUrl: 'http://llm.test/v1', apiKey: 'k', model: 'gpt-4o-mini', timeoutMs: 1_000, maxRetries },
    { transport, sleep: async (ms) => void sleeps.push(ms), random: () => 0 },
  );
  return { client, transport, sleeps };
}

async function errorOf(promise: Promise<unknown>): Promise<LlmError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof LlmError)) throw new Error(`expected an LlmError, got ${String(err)}`);
  return err;
}

describe('LlmClient', () => {
  it('returns the validated value and records usage', async () => {
    const { client, transport } = clientWith([
      ok('{"label": "RELEVANT"}', { promptTokens: 1_000, completionTokens: 500 }),
    ]);
    const meter = new UsageMeter();
    const reply = await client.completeJson('judge', messages, schema, { meter });
    expect(reply.value).toEqual({ label: 'RELEVANT' });
    expect(transport.requests[0]).toMatchObject({ jsonMode: true, temperature: 0, model: 'gpt-4o-mini' });
    expect(meter.totals()).toMatchObject({
      calls: 1,
      promptTokens: 1_000,
      completionTokens: 500,
      retries: 0,
    });
    expect(meter.totals().costUsd).toBeCloseTo((1_000 * 0.15 + 500 * 0.6) / 1e6);
  });

  it('re-asks after invalid JSON, telling the model what was wrong', async () => {
    const { client, transport, sleeps } = clientWith([
      ok('{"label": "MAYBE"}'),
      ok('{"label": "IRRELEVANT"}'),
    ]);
    const meter = new UsageMeter();
    await expect(client.completeJson('judge', messages, schema, { meter })).resolves.toMatchObject({
      value: { label: 'IRRELEVANT' },
    });
    const reask = transport.requests[1]?.messages ?? [];
    expect(reask.slice(-2)).toEqual([
      { role: 'assistant', content: '{"label": "MAYBE"}' },
      { role: 'user', content: expect.stringMatching(/could not be used: .*label/) as string },
    ]);
    expect(sleeps).toEqual([0]);
    expect(meter.totals()).toMatchObject({ calls: 1, retries: 1, promptTokens: 20, completionTokens: 6 });
  });

  it('gives up with LLM_BAD_RESPONSE after maxRetries + 1 bad replies', async () => {
    const { client, transport } = clientWith([ok('nope'), ok('still nope'), ok('{"label": 1}')], 2);
    const meter = new UsageMeter();
    const err = await errorOf(client.completeJson('judge', messages, schema, { meter }));
    expect(err.code).toBe(LlmErrorCode.LLM_BAD_RESPONSE);
    expect(err.message).toMatch(/3 attempts/);
    expect(err.message).toMatch(/FOLIO_LLM_MAX_RETRIES/);
    expect(transport.requests).toHaveLength(3);
    expect(meter.totals()).toMatchObject({ calls: 1, failedCalls: 1, retries: 2 });
  });

  it('backs off on 5xx, 429 and connection errors, then succeeds', async () => {
    const { client, sleeps } = clientWith(
      [
        new ChatTransportError('server-error', 'HTTP 500', 500),
        new ChatTransportError('rate-limited', 'HTTP 429', 429, 300),
        ok('{"label": "RELEVANT"}'),
      ],
      2,
    );
    await expect(client.completeJson('judge', messages, schema)).resolves.toMatchObject({
      value: { label: 'RELEVANT' },
    });
    expect(sleeps).toEqual([250, 500]);
  });

  it('maps exhausted timeouts to LLM_TIMEOUT and connection failures to LLM_UNAVAILABLE', async () => {
    const timeouts = clientWith(
      [new ChatTransportError('timeout', 't'), new ChatTransportError('timeout', 't')],
      1,
    );
    const timeout = await errorOf(timeouts.client.completeJson('judge', messages, schema));
    expect(timeout.code).toBe(LlmErrorCode.LLM_TIMEOUT);
    expect(timeout.message).toMatch(/FOLIO_LLM_TIMEOUT_MS/);

    const down = clientWith([new ChatTransportError('connection', 'ECONNREFUSED')], 0);
    const unavailable = await errorOf(down.client.completeJson('judge', messages, schema));
    expect(unavailable.code).toBe(LlmErrorCode.LLM_UNAVAILABLE);
    expect(unavailable.message).toMatch(/FOLIO_LLM_BASE_URL/);
  });

  it('does not retry a 401 and points at the API key', async () => {
    const { client, transport } = clientWith([new ChatTransportError('client-error', 'HTTP 401', 401)]);
    const err = await errorOf(client.completeJson('judge', messages, schema));
    expect(err.code).toBe(LlmErrorCode.LLM_UNAVAILABLE);
    expect(err.message).toMatch(/FOLIO_LLM_API_KEY/);
    expect(transport.requests).toHaveLength(1);
  });

  it('drops response_format once when the server rejects it, without using a retry, and remembers', async () => {
    const { client, transport } = clientWith(
      [
        new ChatTransportError('response-format-rejected', 'HTTP 400', 400),
        ok('```json\n{"label": "RELEVANT"}\n```'),
        ok('{"label": "IRRELEVANT"}'),
      ],
      0,
    );
    await expect(client.completeJson('judge', messages, schema)).resolves.toMatchObject({
      value: { label: 'RELEVANT' },
    });
    await expect(client.completeJson('judge', messages, schema)).resolves.toMatchObject({
      value: { label: 'IRRELEVANT' },
    });
    expect(transport.requests.map((r) => r.jsonMode)).toEqual([true, false, false]);
  });

  it('estimates tokens when the server sends no usage', async () => {
    const { client } = clientWith([{ content: '{"label": "RELEVANT"}' }]);
    const meter = new UsageMeter();
    await client.completeJson('judge', messages, schema, { meter });
    const totals = meter.totals();
    expect(totals.estimatedCalls).toBe(1);
    expect(totals.promptTokens).toBeGreaterThan(0);
    expect(totals.completionTokens).toBe(Math.ceil('{"label": "RELEVANT"}'.length / 4));
  });

  it('adds "Reply in JSON" when no message mentions JSON (OpenAI JSON mode requires it)', async () => {
    const { client, transport } = clientWith([ok('{"label": "RELEVANT"}')]);
    await client.completeJson(
      'judge',
      [
        { role: 'system', content: 'Judge.' },
        { role: 'user', content: 'x' },
      ],
      schema,
    );
    expect(transport.requests[0]?.messages[0]?.content).toBe('Judge.\nReply in JSON.');
  });

  it('completeText returns trimmed text without JSON mode', async () => {
    const { client, transport } = clientWith([ok('  hello  ')]);
    await expect(client.completeText('reflect', messages)).resolves.toMatchObject({ value: 'hello' });
    expect(transport.requests[0]?.jsonMode).toBe(false);
  });

  it('stops retrying when the caller aborts during backoff', async () => {
    const controller = new AbortController();
    const transport = new ScriptedTransport([new ChatTransportError('server-error', 'HTTP 503', 503)]);
    const client = new LlmClient(
      { baseUrl: 'http://llm.test/v1', apiKey: 'k', model: 'm', timeoutMs: 1_000, maxRetries: 3 },
      {
        transport,
        sleep: async () => {
          controller.abort();
          throw new Error('aborted');
        },
      },
    );
    const err = await errorOf(client.completeJson('judge', messages, schema, { signal: controller.signal }));
    expect(err.message).toMatch(/cancelled/);
    expect(transport.requests).toHaveLength(1);
  });
});
