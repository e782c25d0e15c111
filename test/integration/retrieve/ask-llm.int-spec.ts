// ask with an OpenAI-compatible LLM configured — a local fake server over real HTTP — and its degradation.
import { loadConfig } from '../../../src/config/folio-config';
import {
  FakeOpenAiServer,
  json,
  malformed,
  startFakeOpenAiServer,
  status,
} from '../../support/fake-openai-server';
import { createIngestContext, fixture, IngestContext } from '../../support/ingest-context';

describe('ask with an LLM', () => {
  let server: FakeOpenAiServer;
  let ctx: IngestContext;
  let docId: string;

  beforeAll(async () => {
    server = await startFakeOpenAiServer();
    const llm = loadConfig({
      ...process.env,
      FOLIO_LLM_BASE_URL: server.baseUrl,
      FOLIO_LLM_MODEL: 'fake-model',
      FOLIO_LLM_MAX_RETRIES: '1',
      FOLIO_LLM_TIMEOUT_MS: '2000',
    }).llm;
    ctx = await createIngestContext({ llm });
    docId = `${ctx.runId}-llm`;
    await ctx.ingest.ingest(fixture('pdf', 'sample-report.pdf'), { fileName: 'sample-report.pdf', docId });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
    await server.close();
  });

  it("answers in MMRAG-DocQA's format, citing the pages the model names, and accounts for tokens", async () => {
    server.enqueue(
      json({
        analysis: 'Table 1 on page 2 lists graph walk + rerank at 0.75.',
        relevantPages: [2],
        answerFormat: 'Float',
        answer: '0.75',
      }),
    );
    // A flat strategy, so the only warnings are the answer path's (the default walk warns about missing SIMILAR_TO).
    const result = await ctx.asker.ask('What recall@3 does graph walk + rerank reach?', {
      strategy: 'HYBRID',
      scope: { docIds: [docId] },
    });
    expect(result).toMatchObject({
      mode: 'llm',
      answer: { text: '0.75', kind: 'NUMBER', value: '0.75' },
      format: 'Float',
      answerable: true,
      warnings: [],
    });
    expect(result.citations.map((c) => c.pageNumber)).toEqual([2]);
    expect(result.usage.calls).toBe(1);
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    const prompt = JSON.stringify(server.requests.at(-1)?.body);
    expect(prompt).toContain('Graph walk + rerank'); // the evidence pages reached the model
  });

  it("counts the document's tables from its graph without asking the model, which sees only the top pages", async () => {
    const before = server.requests.length;
    const result = await ctx.asker.ask('How many tables are in this report?', {
      strategy: 'HYBRID',
      scope: { docIds: [docId] },
    });
    expect(result).toMatchObject({
      mode: 'graph',
      answer: { text: '1 table', value: '1' },
      answerable: true,
      warnings: [],
    });
    expect(result.usage.calls).toBe(0);
    expect(server.requests.length).toBe(before);
  });

  it('degrades to the offline answer with a warning when the LLM keeps failing', async () => {
    server.enqueue(status(500), status(500), malformed(), malformed());
    // A flat strategy, so the only warnings are the answer path's (the default walk warns about missing SIMILAR_TO).
    const result = await ctx.asker.ask('What recall@3 does graph walk + rerank reach?', {
      strategy: 'HYBRID',
      scope: { docIds: [docId] },
    });
    expect(result.mode).toBe('extractive');
    expect(result.answer.value).toBe('0.75');
    expect(result.warnings[0]).toMatch(/LLM could not answer/);
  });
});
