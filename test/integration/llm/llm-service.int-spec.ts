import type { FolioConfig } from '../../../src/config/folio-config';
import { LlmErrorCode } from '../../../src/llm/llm.errors';
import { LlmService, type LlmSettings } from '../../../src/llm/llm.service';
import { UsageMeter } from '../../../src/llm/llm-usage';
import {
  delay,
  json,
  malformed,
  startFakeOpenAiServer,
  status,
  type FakeOpenAiServer,
} from '../../support/fake-openai-server';

// LlmService roles over real HTTP: model replies validated and cleaned, fallbacks with warnings on failure.

const page = {
  question: 'How much did revenue grow in 2023?',
  pageText: 'Revenue grew 12% in 2023 to $4.2 billion.',
};

describe('LlmService against an OpenAI-compatible server', () => {
  let server: FakeOpenAiServer;
  beforeEach(async () => {
    server = await startFakeOpenAiServer();
  });
  afterEach(() => server.close());

  const service = (overrides: Partial<LlmSettings> = {}) => {
    const llm: LlmSettings = {
      baseUrl: server.baseUrl,
      apiKey: 'sk-test',
      model: 'local-model',
      timeoutMs: 5_000,
      maxRetries: 1,
      backoff: { baseMs: 5, maxMs: 20 },
      ...overrides,
    };
    return new LlmService({ llm } as FolioConfig);
  };

  it('answers with element citations validated against the evidence offered', async () => {
    server.enqueue(
      json({
        analysis: '[p3-e1] states the growth.',
        answerable: true,
        answer: { text: 'Revenue grew 12 %.', kind: 'PERCENTAGE', value: 12, unit: '%' },
        citations: [
          { elementId: 'p3-e1', quote: 'grew' },
          { elementId: 'p9-e9', quote: 'x' },
        ],
      }),
    );
    const outcome = await service().answer({
      question: 'By how many percent did revenue grow?',
      kind: 'PERCENTAGE',
      pages: [
        {
          docId: 'doc-a',
          pageNumber: 3,
          step: 1,
          elements: [{ id: 'p3-e1', kind: 'paragraph', text: page.pageText }],
        },
      ],
    });
    expect(outcome.value).toMatchObject({
      answer: { kind: 'PERCENTAGE', value: '12', unit: '%', items: [], scale: null, formula: null },
      answerable: true,
      citations: [{ elementId: 'p3-e1', quote: 'grew' }],
      inventedCitations: ['p9-e9'],
    });
  });

  it('drops neighbour ids the model invents in evolve', async () => {
    server.enqueue(
      json({
        summary: 'Revenue table, explained by the text.',
        keywords: ['revenue'],
        links: [
          { target: 'n1', relation: 'elaboration', reason: 'explains' },
          { target: 'el-invented', relation: 'causal' },
          { target: 'n9', relation: 'context' },
        ],
      }),
    );
    const outcome = await service().evolve({
      node: { id: 'el-1', summary: 'Revenue table', keywords: [] },
      neighbours: [{ id: 'el-2', summary: 'Revenue grew 12%', keywords: ['growth'] }],
    });
    expect(outcome.source).toBe('llm');
    expect(outcome.value.links).toEqual([{ targetId: 'el-2', relation: 'elaboration', reason: 'explains' }]);
  });

  it('returns the fallback plus a warning when every reply is malformed', async () => {
    server.enqueue(malformed(), malformed());
    const meter = new UsageMeter();
    const outcome = await service({ maxRetries: 1 }).judge(page, { meter });
    expect(outcome.source).toBe('offline');
    expect(outcome.value.label).toBe('RELEVANT');
    expect(outcome.warning).toMatch(/LLM_BAD_RESPONSE/);
    expect(server.chatRequests()).toHaveLength(2);
    expect(meter.totals()).toMatchObject({ calls: 1, failedCalls: 1, retries: 1 });
  });

  it('returns the fallback plus a warning on timeout, and throws LLM_TIMEOUT from answer', async () => {
    server.enqueue(delay(1_000), delay(1_000));
    const llm = service({ timeoutMs: 150, maxRetries: 0 });
    const summary = await llm.summarise({ kind: 'page', text: page.pageText });
    expect(summary).toMatchObject({ source: 'offline', value: { summary: page.pageText } });
    expect(summary.warning).toMatch(/LLM_TIMEOUT/);

    const fresh = service({ timeoutMs: 150, maxRetries: 0 });
    await expect(fresh.answer({ question: 'q', kind: 'TEXT', pages: [] })).rejects.toMatchObject({
      code: LlmErrorCode.LLM_TIMEOUT,
    });
  });

  it('recovers from a 500 and uses the model', async () => {
    server.enqueue(
      status(500),
      json({ subQueries: ['What was revenue in 2023?', 'What was revenue in 2022?'] }),
    );
    const outcome = await service().decompose({ question: 'How did revenue change from 2022 to 2023?' });
    expect(outcome).toEqual({
      source: 'llm',
      value: { subQueries: ['What was revenue in 2023?', 'What was revenue in 2022?'] },
    });
  });

  it('plans a DAG and reports relevance, check and grade from the model', async () => {
    server.enqueue(
      json({
        subQuestions: [
          { id: 'q1', question: 'Revenue 2023?', dependsOn: [] },
          { id: 'q2', question: 'Growth vs [q1]?', dependsOn: ['q1', 'q7'] },
        ],
      }),
      json({ score: 0.9, reason: 'states the growth' }),
      json({ sufficient: false, gaps: ['revenue in 2022'] }),
      json({ verdict: 'correct', reason: 'same number' }),
    );
    const llm = service();
    const plan = await llm.plan({ question: 'How did revenue grow?' });
    expect(plan.value.nodes.map((n) => [n.id, n.dependsOn, n.depth])).toEqual([
      ['q1', [], 1],
      ['q2', ['q1'], 2],
    ]);
    await expect(llm.relevance(page)).resolves.toMatchObject({ value: { score: 0.9 } });
    await expect(llm.check({ question: 'q', evidence: [{ text: 'e' }] })).resolves.toMatchObject({
      value: { sufficient: false, gaps: ['revenue in 2022'] },
    });
    await expect(
      llm.grade({ question: 'q', reference: '12%', candidate: 'twelve percent' }),
    ).resolves.toMatchObject({
      value: { verdict: 'correct' },
    });
  });
});
