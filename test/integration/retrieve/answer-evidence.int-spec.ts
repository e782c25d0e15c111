// The answer reads the strategy's evidence and nothing else, on PDFs built here, with the real Neo4j, embedder and
// cross-encoder: a list that runs across a page break, yes/no answered only from an element that states or denies
// the claim, and a TRACE walk (its judge a model that labels pages by what they say) whose irrelevant page holds a
// sentence that would answer the question and must never be cited.
import { loadConfig } from '../../../src/config/folio-config';
import { AskService } from '../../../src/retrieve/answer/ask.service';
import { RetrieveRepository } from '../../../src/retrieve/retrieve.repository';
import {
  type FakeOpenAiServer,
  json,
  malformed,
  replyBy,
  startFakeOpenAiServer,
} from '../../support/fake-openai-server';
import { createIngestContext, IngestContext, uniqueCopy } from '../../support/ingest-context';
import { makeTextPdf } from '../../support/make-pdf';

const WORKSHOP = [
  [
    'Workshop handbook',
    'The workshop is open to members on weekdays from eight in the morning to six in the evening.',
    'Safety equipment required in the workshop:',
    '• Steel-toe boots\n• Safety goggles\n• Hearing protection',
  ],
  [
    '• Leather gloves\n• Dust mask',
    'Visitors must not operate the lathe without supervision.',
    'Members book the laser cutter at the front desk.',
  ],
  ['Workshop history', 'The workshop moved into the old tram depot after the renovation.'],
];

const FERRY = [
  [
    'Harbour ferry guide',
    'This guide describes the harbour ferry service, its boats, its piers and its fares.',
  ],
  [
    'Ferry history',
    'In the old steamer timetable the ferry crossing to Gull Island took 95 minutes, long before the new boats.',
  ],
  ['Office notes', 'The harbour office handles lost property and season passes on weekdays.'],
  ['Ferry timetable', 'The ferry crossing to Gull Island now takes 40 minutes on the new boats.'],
];
const CROSSING = 'How long does the ferry crossing to Gull Island take?';

describe('answers read the evidence', () => {
  describe('offline, on a handbook', () => {
    let ctx: IngestContext;
    let docId: string;
    const ask = (question: string) =>
      ctx.module.get(AskService).ask(question, { strategy: 'HYBRID', scope: { docIds: [docId] } });

    beforeAll(async () => {
      ctx = await createIngestContext();
      docId = `${ctx.runId}-workshop`;
      await ctx.ingest.ingest(uniqueCopy(await makeTextPdf(WORKSHOP)), { fileName: 'workshop.pdf', docId });
    });
    afterAll(async () => {
      await ctx.ingest.deleteDocument(docId).catch(() => undefined);
      await ctx.close();
    });

    it('gathers a list that runs from one page onto the next, each part cited on its own page', async () => {
      const result = await ask('List the safety equipment required in the workshop.');
      expect(result.answer).toMatchObject({
        kind: 'LIST',
        items: ['Steel-toe boots', 'Safety goggles', 'Hearing protection', 'Leather gloves', 'Dust mask'],
      });
      expect(result.format).toBe('List');
      expect(result.citations.map((c) => c.pageNumber)).toEqual([1, 2]);
      for (const c of result.citations) {
        expect(c.bbox).toHaveLength(4);
        expect(c.step).toEqual(expect.any(Number));
      }
      const count = await ask('How many items of safety equipment does the workshop require?');
      expect(count.answer).toMatchObject({ kind: 'COUNT', value: '5' });
    });

    it('answers yes/no from the element that denies the claim, and cites it', async () => {
      const result = await ask('Can visitors operate the lathe without supervision?');
      expect(result.answer).toMatchObject({ kind: 'YES_NO', value: 'No' });
      expect(result.citations).toEqual([
        expect.objectContaining({
          pageNumber: 2,
          quote: 'Visitors must not operate the lathe without supervision.',
        }),
      ]);
    });

    it('says Not answerable to a yes/no question no element states or denies', async () => {
      const result = await ask('Does the workshop offer free parking for visitors?');
      expect(result).toMatchObject({
        answerable: false,
        answer: { text: 'Not answerable', kind: 'YES_NO', value: null },
        citations: [],
      });
      expect(result.analysis).toMatch(/No element of the evidence states or denies the claim/);
    });
  });

  describe('TRACE, its judge a model that labels pages by what they say', () => {
    let server: FakeOpenAiServer;
    let ctx: IngestContext;
    let docId: string;
    /** What the model answers when asked to answer (the judge and the decomposition are scripted by content). */
    let answerReply = malformed();

    beforeAll(async () => {
      server = await startFakeOpenAiServer({
        whenEmpty: replyBy((req) => {
          const system = req.body.messages?.[0]?.content ?? '';
          const user = req.body.messages?.at(-1)?.content ?? '';
          if (system.startsWith('Split a question'))
            return json({ subQueries: [user.replace(/^Question: /, '')] });
          if (system.startsWith('You judge whether')) {
            const question = /Question: (.*)/.exec(user)?.[1] ?? '';
            const relevant = question.includes('crossing') && user.includes('now takes');
            return json({
              label: relevant ? 'RELEVANT' : 'IRRELEVANT',
              analysis: relevant ? 'The current timetable.' : 'Not the current crossing time.',
            });
          }
          return answerReply;
        }),
      });
      const llm = loadConfig({
        ...process.env,
        FOLIO_LLM_BASE_URL: server.baseUrl,
        FOLIO_LLM_MODEL: 'fake-model',
        FOLIO_LLM_MAX_RETRIES: '0',
        FOLIO_LLM_TIMEOUT_MS: '3000',
      }).llm;
      ctx = await createIngestContext({ llm });
      docId = `${ctx.runId}-ferry`;
      await ctx.ingest.ingest(uniqueCopy(await makeTextPdf(FERRY)), { fileName: 'ferry.pdf', docId });
    });
    afterAll(async () => {
      await ctx.ingest.deleteDocument(docId).catch(() => undefined);
      await ctx.close();
      await server.close();
    });
    const ask = (question: string) =>
      ctx.module.get(AskService).ask(question, { strategy: 'TRACE', scope: { docIds: [docId] } });

    it('never cites the page the walk judged irrelevant, though its sentence tempts the offline answer', async () => {
      answerReply = malformed();
      const result = await ask(CROSSING);
      const verdicts = (page: number) =>
        result.search.steps.filter((s) => s.pageNumber === page).map((s) => s.verdict);
      expect(verdicts(2)).toContain('IRRELEVANT');
      expect(verdicts(4)).toContain('RELEVANT');
      // the irrelevant page is among the three top-ranked pages the answer used to read, and it states a crossing time
      expect(result.search.pages.slice(0, 3).map((p) => p.pageNumber)).toContain(2);
      const page2 = await ctx.module.get(RetrieveRepository).answerPageElements([{ docId, pageNumber: 2 }]);
      expect(page2.some((e) => e.text.includes('crossing to Gull Island took 95 minutes'))).toBe(true);

      expect(result.warnings).toEqual(
        expect.arrayContaining([expect.stringMatching(/^The LLM could not answer \(LLM_BAD_RESPONSE/)]),
      );
      expect(result).toMatchObject({ mode: 'extractive', answerable: true, answer: { value: '40' } });
      const step4 = result.search.steps.find((s) => s.pageNumber === 4 && s.verdict === 'RELEVANT')!.step;
      expect(result.citations.map((c) => [c.pageNumber, c.step])).toEqual([[4, step4]]);
    });

    it("refuses a model answer citing the irrelevant page's element (it was never given) and answers offline", async () => {
      const page2 = await ctx.module.get(RetrieveRepository).answerPageElements([{ docId, pageNumber: 2 }]);
      const id = page2.find((e) => e.text.includes('95 minutes'))!.elementId;
      answerReply = json({
        analysis: 'The timetable says 95 minutes.',
        answerable: true,
        answer: { text: 'It takes 95 minutes.', kind: 'NUMBER', value: 95, unit: 'minutes' },
        citations: [{ elementId: id, quote: 'took 95 minutes' }],
      });
      const result = await ask(CROSSING);
      expect(result.warnings).toContain(
        `The LLM cited element(s) it was not given (${id}); this is the offline answer.`,
      );
      expect(result.answer.value).toBe('40');
      expect(result.citations.every((c) => c.pageNumber === 4)).toBe(true);
      const prompt = server.chatRequests().at(-1)?.body.messages?.[1]?.content ?? '';
      expect(prompt).toContain('walk verdict: RELEVANT');
      expect(prompt).not.toContain('95 minutes');
    });

    it('says Not answerable, with the reason, when the walk judged every page irrelevant', async () => {
      answerReply = malformed();
      const result = await ask('How much does a season pass for the harbour ferry cost?');
      expect(result.search.steps.every((s) => s.verdict !== 'RELEVANT')).toBe(true);
      expect(result).toMatchObject({ answerable: false, answer: { text: 'Not answerable' }, citations: [] });
      expect(result.analysis).toMatch(/^The TRACE walk judged every page it read irrelevant \(p\.\d/);
    });
  });
});
