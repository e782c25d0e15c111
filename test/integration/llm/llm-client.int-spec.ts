import { LlmClient } from '../../../src/llm/llm.client';
import { LlmError, LlmErrorCode } from '../../../src/llm/llm.errors';
import { UsageMeter } from '../../../src/llm/llm-usage';
import { buildAnswerPrompt } from '../../../src/llm/prompts/answer.prompt';
import {
  delay,
  json,
  malformed,
  noResponseFormat,
  startFakeOpenAiServer,
  status,
  text,
  type FakeOpenAiServer,
} from '../../support/fake-openai-server';

// LlmClient over real HTTP (the openai package) against the local fake OpenAI-compatible server.

const pages = [
  {
    docId: 'doc-a',
    pageNumber: 3,
    step: 1,
    elements: [{ id: 'doc-a:p3-e1', kind: 'paragraph', text: 'Revenue was $4.2 billion in 2023.' }],
  },
  {
    docId: 'doc-a',
    pageNumber: 4,
    step: 2,
    elements: [{ id: 'doc-a:p4-e1', kind: 'paragraph', text: 'Headcount rose to 1,200.' }],
  },
];
const validAnswer = {
  analysis: '[doc-a:p3-e1] states the 2023 revenue.',
  answerable: true,
  answer: { text: 'Revenue was $4.2 billion.', kind: 'NUMBER', value: 4.2, unit: 'USD', scale: 'billions' },
  citations: [{ elementId: 'doc-a:p3-e1', quote: 'Revenue was $4.2 billion in 2023.' }],
};

async function errorOf(promise: Promise<unknown>): Promise<LlmError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof LlmError)) throw new Error(`expected an LlmError, got ${String(err)}`);
  return err;
}

describe('LlmClient against an OpenAI-compatible server', () => {
  let server: FakeOpenAiServer;
  beforeEach(async () => {
    server = await startFakeOpenAiServer();
  });
  afterEach(() => server.close());

  const client = (overrides: { timeoutMs?: number; maxRetries?: number; model?: string } = {}) =>
    new LlmClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk-test',
      model: overrides.model ?? 'gpt-4o-mini',
      timeoutMs: overrides.timeoutMs ?? 5_000,
      maxRetries: overrides.maxRetries ?? 2,
      backoff: { baseMs: 5, maxMs: 20 },
    });

  it('parses a valid answer sent in JSON mode', async () => {
    server.enqueue(json(validAnswer));
    const prompt = buildAnswerPrompt({ question: 'What was revenue in 2023?', kind: 'NUMBER', pages });
    const reply = await client().completeJson(prompt.role, prompt.messages, prompt.schema);
    expect(prompt.finish(reply.value)).toMatchObject({
      answer: { value: '4.2', kind: 'NUMBER', scale: 'billions' },
      citations: [{ elementId: 'doc-a:p3-e1' }],
    });

    const [request] = server.chatRequests();
    expect(request?.body).toMatchObject({
      model: 'gpt-4o-mini',
      response_format: { type: 'json_object' },
      temperature: 0,
    });
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body.messages?.[1]?.content).toContain(
      'Step 1: document doc-a, page 3\n[doc-a:p3-e1] (paragraph)',
    );
  });

  it('re-asks after malformed JSON and then succeeds', async () => {
    server.enqueue(malformed(), json(validAnswer));
    const prompt = buildAnswerPrompt({ question: 'What was revenue?', kind: 'NUMBER', pages });
    const reply = await client().completeJson(prompt.role, prompt.messages, prompt.schema);
    expect(reply.value.answer.value).toBe('4.2');
    expect(reply.usage.retries).toBe(1);
    const retry = server.chatRequests()[1]?.body.messages ?? [];
    expect(retry.at(-1)?.content).toMatch(/could not be used: the reply was not valid JSON/);
  });

  it('gives up with LLM_BAD_RESPONSE after maxRetries + 1 malformed replies', async () => {
    server.enqueue(malformed(), malformed(), malformed(), json(validAnswer));
    const prompt = buildAnswerPrompt({ question: 'What was revenue?', kind: 'NUMBER', pages });
    const err = await errorOf(
      client({ maxRetries: 2 }).completeJson(prompt.role, prompt.messages, prompt.schema),
    );
    expect(err.code).toBe(LlmErrorCode.LLM_BAD_RESPONSE);
    expect(err.message).toMatch(/3 attempts/);
    expect(server.chatRequests()).toHaveLength(3);
    expect(server.pending()).toBe(1);
  });

  it('retries a 500 and a 429, then succeeds', async () => {
    server.enqueue(status(500), status(429, { retryAfterSeconds: 0 }), json(validAnswer));
    const prompt = buildAnswerPrompt({ question: 'What was revenue?', kind: 'NUMBER', pages });
    const reply = await client({ maxRetries: 2 }).completeJson(prompt.role, prompt.messages, prompt.schema);
    expect(reply.value.answer.value).toBe('4.2');
    expect(server.chatRequests()).toHaveLength(3);
  });

  it('reports LLM_UNAVAILABLE when 5xx outlasts the retries', async () => {
    server.enqueue(status(503), status(503));
    const err = await errorOf(
      client({ maxRetries: 1 }).completeText('reflect', [{ role: 'user', content: 'hi' }]),
    );
    expect(err.code).toBe(LlmErrorCode.LLM_UNAVAILABLE);
    expect(err.message).toContain(server.baseUrl);
    expect(err.details.status).toBe(503);
  });

  it('times out a slow response with LLM_TIMEOUT, once per attempt', async () => {
    server.enqueue(delay(2_000, json(validAnswer)), delay(2_000, json(validAnswer)));
    const prompt = buildAnswerPrompt({ question: 'What was revenue?', kind: 'NUMBER', pages });
    const started = Date.now();
    const err = await errorOf(
      client({ timeoutMs: 200, maxRetries: 1 }).completeJson(prompt.role, prompt.messages, prompt.schema),
    );
    expect(err.code).toBe(LlmErrorCode.LLM_TIMEOUT);
    expect(err.message).toMatch(/within 200 ms \(2 attempts\)/);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('retries without response_format when the server rejects it, and parses fenced JSON', async () => {
    server.enqueue(
      noResponseFormat(),
      text(`Here you go:\n\`\`\`json\n${JSON.stringify(validAnswer)}\n\`\`\``),
    );
    const llm = client({ maxRetries: 0 });
    const prompt = buildAnswerPrompt({ question: 'What was revenue?', kind: 'NUMBER', pages });
    const reply = await llm.completeJson(prompt.role, prompt.messages, prompt.schema);
    expect(reply.value.answer.value).toBe('4.2');
    const [first, second] = server.chatRequests();
    expect(first?.body.response_format).toEqual({ type: 'json_object' });
    expect(second?.body.response_format).toBeUndefined();

    // The client remembers: later calls go straight to plain text.
    server.enqueue(json(validAnswer));
    await llm.completeJson(prompt.role, prompt.messages, prompt.schema);
    expect(server.chatRequests()[2]?.body.response_format).toBeUndefined();
  });

  it('accounts tokens exactly as the server reported them, across retries and calls', async () => {
    server.enqueue(
      malformed(),
      json(validAnswer),
      json({ summary: 'S', keywords: ['k'] }, { prompt_tokens: 321, completion_tokens: 12 }),
    );
    const request = new UsageMeter();
    const stage = new UsageMeter(request);
    const llm = client({ model: 'gpt-4o' });
    const prompt = buildAnswerPrompt({ question: 'What was revenue?', kind: 'NUMBER', pages });
    await llm.completeJson(prompt.role, prompt.messages, prompt.schema, { meter: stage });
    await llm.completeText('summarise', [{ role: 'user', content: 'Summarise.' }], { meter: request });

    const sent = server.usageSent();
    const totals = request.totals();
    expect(totals).toMatchObject({
      calls: 2,
      promptTokens: sent.prompt_tokens,
      completionTokens: sent.completion_tokens,
      retries: 1,
      estimatedCalls: 0,
    });
    expect(totals.byRole.answer?.calls).toBe(1);
    expect(totals.byRole.summarise).toMatchObject({ promptTokens: 321, completionTokens: 12 });
    expect(stage.totals().calls).toBe(1);
    expect(totals.costUsd).toBeCloseTo((sent.prompt_tokens * 2.5 + sent.completion_tokens * 10) / 1e6, 10);
    expect(totals.ms).toBeGreaterThan(0);
  });

  it('estimates tokens when the server omits usage', async () => {
    server.enqueue(json(validAnswer, null));
    const meter = new UsageMeter();
    const prompt = buildAnswerPrompt({ question: 'What was revenue?', kind: 'NUMBER', pages });
    await client().completeJson(prompt.role, prompt.messages, prompt.schema, { meter });
    expect(meter.totals()).toMatchObject({ calls: 1, estimatedCalls: 1 });
    expect(meter.totals().promptTokens).toBeGreaterThan(50);
  });

  it('reports LLM_UNAVAILABLE with the URL when nothing listens', async () => {
    const url = server.baseUrl;
    await server.close();
    const llm = new LlmClient({
      baseUrl: url,
      apiKey: '',
      model: 'm',
      timeoutMs: 2_000,
      maxRetries: 1,
      backoff: { baseMs: 1, maxMs: 2 },
    });
    const err = await errorOf(llm.completeText('reflect', [{ role: 'user', content: 'hi' }]));
    expect(err.code).toBe(LlmErrorCode.LLM_UNAVAILABLE);
    expect(err.message).toMatch(/FOLIO_LLM_BASE_URL/);
    server = await startFakeOpenAiServer(); // for afterEach
  });
});

describe('fake OpenAI server', () => {
  it('serves deterministic embeddings of the configured dimension', async () => {
    const server = await startFakeOpenAiServer({ embeddingDimension: 16 });
    try {
      const embed = async (input: string[]) => {
        const res = await fetch(`${server.baseUrl}/embeddings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'e', input }),
        });
        return ((await res.json()) as { data: { index: number; embedding: number[] }[] }).data;
      };
      const first = await embed(['alpha', 'beta']);
      const again = await embed(['alpha']);
      expect(first.map((d) => d.embedding.length)).toEqual([16, 16]);
      expect(again[0]?.embedding).toEqual(first[0]?.embedding);
      expect(first[1]?.embedding).not.toEqual(first[0]?.embedding);
    } finally {
      await server.close();
    }
  });
});
