import { AnswerPipeline } from '../../../src/retrieve/answer/answer-pipeline';
import { UsageMeter } from '../../../src/llm/llm-usage';
import type { EvidenceStep } from '../../../src/retrieve/evidence-step';
import type { SearchResult } from '../../../src/retrieve/retrieve.types';
import { createIngestContext, IngestContext } from '../../support/ingest-context';
import { makeStructuredPdf, type PdfBlock } from '../../support/make-structured-pdf';

// A filing written for this test: MD&A (p. 1), balance sheet (p. 2), statement of operations (p. 3), cash flows
// (p. 4), a note (p. 5). The search's evidence holds the cash-flow page only; a ratio that also needs the balance
// sheet reads it from the window of titled statement pages, unless the walk judged that page irrelevant.
const FILING: PdfBlock[][] = [
  [
    { type: 'heading', text: "Management's Discussion and Analysis", size: 14 },
    {
      type: 'paragraph',
      text: 'Kestrel Marine generated strong cash from operations in 2023 while current liabilities grew with the new fleet orders.',
    },
  ],
  [
    { type: 'heading', text: 'KESTREL MARINE, INC. CONSOLIDATED BALANCE SHEETS', size: 14 },
    {
      type: 'table',
      rows: [
        ['(In millions)', 'December 31, 2023', 'December 31, 2022'],
        ['Cash and cash equivalents', '640', '520'],
        ['Total current assets', '2,310', '2,050'],
        ['Total assets', '7,900', '7,400'],
        ['Total current liabilities', '1,600', '1,480'],
        ["Total shareholders' equity", '3,100', '2,900'],
      ],
    },
  ],
  [
    { type: 'heading', text: 'KESTREL MARINE, INC. CONSOLIDATED STATEMENTS OF OPERATIONS', size: 14 },
    {
      type: 'table',
      rows: [
        ['(In millions)', '2023', '2022'],
        ['Revenues', '5,400', '4,900'],
        ['Operating income', '610', '540'],
        ['Net income', '430', '380'],
      ],
    },
  ],
  [
    { type: 'heading', text: 'KESTREL MARINE, INC. CONSOLIDATED STATEMENTS OF CASH FLOWS', size: 14 },
    {
      type: 'table',
      rows: [
        ['(In millions)', '2023', '2022'],
        ['Net cash provided by operating activities', '880', '760'],
        ['Purchases of property and equipment', '(410)', '(350)'],
      ],
    },
  ],
  [
    { type: 'heading', text: 'Note 7. Vessels', size: 14 },
    { type: 'paragraph', text: 'The fleet grew to 31 vessels in 2023.' },
  ],
];

const QUESTION =
  'What is the FY2023 operating cash flow ratio for Kestrel Marine? The operating cash flow ratio is defined as: ' +
  'cash from operations / total current liabilities. Round to two decimal places.';

describe('an answer reads the statement pages its metric needs beyond the evidence', () => {
  let ctx: IngestContext;
  let docId: string;

  beforeAll(async () => {
    ctx = await createIngestContext();
    docId = `${ctx.runId}-kestrel`;
    await ctx.ingest.ingest(await makeStructuredPdf(FILING), { fileName: 'kestrel.pdf', docId });
  });
  afterAll(async () => {
    await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx.close();
  });

  /** A GRAPH search whose evidence is the given pages, in order, with the given verdicts. */
  function searchOf(
    pages: number[],
    steps: Array<Pick<EvidenceStep, 'pageNumber' | 'verdict'>> = [],
  ): SearchResult {
    return {
      strategy: 'GRAPH',
      reranked: false,
      pages: pages.map((pageNumber, i) => ({
        docId,
        pageNumber,
        score: 1 - i / 10,
        reason: '',
        hop: 0,
        elements: [],
      })),
      timings: [],
      trace: [],
      steps: steps.map((s, i): EvidenceStep => ({
        step: i + 1,
        subQuery: null,
        docId,
        pageNumber: s.pageNumber,
        via: 'seed',
        fromPage: null,
        hop: 0,
        verdict: s.verdict,
        score: null,
        judge: null,
        reason: '',
      })),
      cost: {
        judgeCalls: 0,
        llmCalls: 0,
        promptTokens: 0,
        completionTokens: 0,
        pagesVisited: pages.length,
        pagesJudged: 0,
        stages: [],
        totalMs: 0,
      },
      warnings: [],
    };
  }

  const answer = (search: SearchResult) =>
    ctx.module.get(AnswerPipeline).answer(QUESTION, search, {
      meter: new UsageMeter(),
      vocabulary: () => Promise.resolve(null),
    });

  it('computes the ratio from the cash-flow page in the evidence and the balance sheet read after it', async () => {
    const answered = await answer(searchOf([4, 1, 5]));
    expect(answered.answerable).toBe(true);
    // 880 / 1,600
    expect(answered.answer).toMatchObject({ kind: 'NUMBER', value: '0.55' });
    expect(answered.answer.formula).toBe(
      '0.55 = 880 / 1,600 (cash from operations / total current liabilities, FY2023, pp. 4, 2)',
    );
    expect(answered.citations.map((c) => [c.pageNumber, c.step, c.quote])).toEqual([
      [4, 1, 'Net cash provided by operating activities | 2023: 880'],
      [2, null, 'Total current liabilities | December 31, 2023: 1,600'],
    ]);
  });

  it('does not read a statement page the walk judged irrelevant', async () => {
    const answered = await answer(
      searchOf(
        [4, 1, 5],
        [
          { pageNumber: 4, verdict: 'RELEVANT' },
          { pageNumber: 2, verdict: 'IRRELEVANT' },
        ],
      ),
    );
    expect(answered.answer.formula).toBeNull();
    expect(answered.citations.map((c) => c.pageNumber)).not.toContain(2);
  });
});
