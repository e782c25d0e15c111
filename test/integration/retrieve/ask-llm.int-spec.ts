// ask with an OpenAI-compatible LLM configured — a local fake server over real HTTP — and its degradation.
import { loadConfig } from '../../../src/config/folio-config';
import {
  delay,
  FakeOpenAiServer,
  json,
  malformed,
  startFakeOpenAiServer,
  status,
} from '../../support/fake-openai-server';
import { RetrieveRepository } from '../../../src/retrieve/retrieve.repository';
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

  const QUESTION = 'What recall@3 does graph walk + rerank reach?';
  // A flat strategy, so the only warnings are the answer path's (the default walk warns about missing SIMILAR_TO).
  const ask = () => ctx.asker.ask(QUESTION, { strategy: 'HYBRID', scope: { docIds: [docId] } });
  /** The table element of page 2, which the model is given and may cite. */
  const tableOfPage2 = async () => {
    const elements = await ctx.module.get(RetrieveRepository).answerPageElements([{ docId, pageNumber: 2 }]);
    return elements.find((e) => e.kind === 'table')!;
  };
  const reply = (elementId: string, quote = 'Graph walk + rerank') =>
    json({
      analysis: `[${elementId}] lists graph walk + rerank at 0.75.`,
      answerable: true,
      answer: {
        text: 'Graph walk + rerank reaches a recall@3 of 0.75.',
        kind: 'NUMBER',
        value: 0.75,
        unit: null,
      },
      citations: [{ elementId, quote }],
    });

  it('gives the model the evidence chain with element ids and returns its typed answer cited by element', async () => {
    const table = await tableOfPage2();
    server.enqueue(reply(table.elementId));
    const result = await ask();
    expect(result).toMatchObject({
      mode: 'llm',
      answer: { text: 'Graph walk + rerank reaches a recall@3 of 0.75.', kind: 'NUMBER', value: '0.75' },
      format: 'Float',
      answerable: true,
      warnings: [],
    });
    expect(result.citations).toEqual([
      expect.objectContaining({
        docId,
        pageNumber: 2,
        elementId: table.elementId,
        quote: 'Graph walk + rerank',
      }),
    ]);
    expect(result.citations[0]!.bbox).toEqual(table.bbox);
    expect(result.citations[0]!.step).toEqual(expect.any(Number));
    expect(result.usage.calls).toBe(1);
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    const user = server.chatRequests().at(-1)?.body.messages?.[1]?.content ?? '';
    expect(user).toContain('Expected answer kind (from the wording): NUMBER');
    expect(user).toMatch(/Step 1: document \S+, page \d/);
    expect(user).toContain(`[${table.elementId}] (table`); // the table as its grid, with its id
    expect(user).toContain('Graph walk + rerank');
  });

  it('answers offline, with a warning, when the model cites an element it was not given', async () => {
    server.enqueue(reply(`${docId}:p9-e99`));
    const result = await ask();
    expect(result.mode).toBe('extractive');
    expect(result.answer.value).toBe('0.75');
    expect(result.citations.map((c) => c.pageNumber)).toEqual([2]);
    expect(result.warnings).toEqual([
      `The LLM cited element(s) it was not given (${docId}:p9-e99); this is the offline answer.`,
    ]);
  });

  it("keeps the model's quote only when the cited element holds it", async () => {
    const table = await tableOfPage2();
    server.enqueue(reply(table.elementId, 'words that are nowhere on the page'));
    const result = await ask();
    expect(result.mode).toBe('llm');
    expect(result.citations[0]!.quote).not.toContain('nowhere');
    expect(result.citations[0]!.quote).toContain('Graph walk + rerank');
  });

  it('answers offline, with a warning, when the reply is malformed JSON every time', async () => {
    server.enqueue(malformed(), malformed());
    const result = await ask();
    expect(result.mode).toBe('extractive');
    expect(result.answer.value).toBe('0.75');
    expect(result.warnings[0]).toMatch(/^The LLM could not answer \(LLM_BAD_RESPONSE: /);
  });

  it('answers offline, with a warning, when the model times out', async () => {
    server.enqueue(delay(3_000), delay(3_000));
    const result = await ask();
    expect(result.mode).toBe('extractive');
    expect(result.answer.value).toBe('0.75');
    expect(result.warnings[0]).toMatch(/^The LLM could not answer \(LLM_TIMEOUT: /);
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
