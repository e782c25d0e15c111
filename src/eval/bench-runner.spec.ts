import type { IngestOptions, IngestResult } from '../ingest/ingest.service';
import { emptyCost } from '../retrieve/evidence-step';
import type { AskResult, SearchRequest, SearchResult } from '../retrieve/retrieve.types';
import type { FolioConfig } from '../config/folio-config';
import { LlmService } from '../llm/llm.service';
import { AnswerGrader, LlmAnswerGrader, NotGradedAnswerGrader } from './answer-grader';
import { StrictAnswerGrader } from './strict-grader';
import type { BenchQuestion, BenchQuestionSet } from './bench-questions';
import type { BenchAsker, BenchRetriever, PeerRetriever } from './bench-ports';
import { runRetrievalBench, withCopiesAsOriginals } from './bench-runner';

const q = (over: Partial<BenchQuestion> & { qid: string }): BenchQuestion => ({
  dataset: 'mmlongbench-doc',
  pdfName: 'a.pdf',
  pdfPath: '/pdfs/a.pdf',
  question: `question ${over.qid}`,
  answer: 'x',
  answerable: true,
  evidencePages: [1],
  evidenceSources: ['Pure-text (Plain-text)'],
  imageOnly: false,
  answerFormat: 'Str',
  evidenceBoxes: [],
  ...over,
});

const setOf = (questions: BenchQuestion[]): BenchQuestionSet => ({
  file: '/q.jsonl',
  pdfDir: '/pdfs',
  questions,
  total: questions.length + 1,
  skippedDocumentLevel: { 'docugami-sec10q': 1 },
  skippedByFilter: 0,
  invalidRows: [],
  missingPdfs: {},
});

class FakeIngester {
  readonly calls: string[] = [];
  ingest(_bytes: Uint8Array, opts: IngestOptions): Promise<IngestResult> {
    this.calls.push(opts.fileName);
    if (opts.fileName === 'broken.pdf') return Promise.reject(new Error('not a PDF'));
    return Promise.resolve({
      document: { id: `doc-${opts.fileName}` } as IngestResult['document'],
      reused: opts.fileName === 'a.pdf',
      timingsMs: { parse: 5 },
      counts: { pages: 10, elements: 40, passages: 12, sections: 3, ocrPages: 0, crossReferences: 0 },
    });
  }
}

/** Answers from a table: question text → ranked page numbers. */
class FakeRetriever implements BenchRetriever, BenchAsker {
  readonly requests: SearchRequest[] = [];
  constructor(private readonly rankings: Record<string, number[]>) {}

  search(req: SearchRequest): Promise<SearchResult> {
    this.requests.push(req);
    if (req.query === 'question boom') return Promise.reject(new Error('search failed'));
    const docId = req.scope.docIds?.[0] ?? '';
    // re-ranking moves the last page to the front, so the two variants differ
    const base = this.rankings[req.query] ?? [];
    const pages = req.rerank ? [...base.slice(-1), ...base.slice(0, -1)] : base;
    return Promise.resolve({
      strategy: req.strategy,
      reranked: req.rerank ?? false,
      pages: pages.map((pageNumber, i) => ({
        docId,
        pageNumber,
        score: 1 - i / 10,
        reason: 'fake',
        hop: 0,
        // one element per page, in its top-left corner
        elements: [
          { elementId: `e${pageNumber}`, kind: 'paragraph', text: 't', bbox: [0, 0, 10, 10], score: 1 },
        ],
      })),
      timings: [],
      trace: [],
      steps: [],
      warnings: [],
      // one judge call per TRACE search, so a run's summed cost is checkable
      cost: { ...emptyCost(), judgeCalls: req.strategy === 'TRACE' ? 1 : 0, pagesVisited: pages.length },
    });
  }

  async ask(
    question: string,
    opts: { strategy?: SearchRequest['strategy']; scope?: SearchRequest['scope']; rerank?: boolean },
  ): Promise<AskResult> {
    const search = await this.search({
      query: question,
      strategy: opts.strategy ?? 'VECTOR',
      scope: opts.scope ?? {},
      k: 5,
      rerank: opts.rerank,
    });
    const answerable = search.pages.length > 0;
    return {
      question,
      answer: {
        text: answerable ? 'x' : 'Not answerable',
        kind: 'TEXT',
        value: answerable ? 'x' : null,
        unit: null,
        scale: null,
        items: [],
        formula: null,
      },
      answerable,
      mode: 'extractive',
      format: 'String',
      analysis: null,
      citations: [],
      search,
      usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
      warnings: [],
    };
  }
}

const deps = (
  retriever: BenchRetriever & BenchAsker,
  extra: Partial<Parameters<typeof runRetrievalBench>[2]> = {},
) => ({
  grader: new NotGradedAnswerGrader(),
  readPdf: () => new Uint8Array([1]),
  ...extra,
  ingester: new FakeIngester(),
  retriever,
  asker: retriever,
});

describe('runRetrievalBench', () => {
  const questions = [
    q({ qid: 'q1', evidencePages: [2], evidenceSources: ['Table'] }),
    q({ qid: 'q2', evidencePages: [3, 7], dataset: 'mmdocir', evidenceSources: ['Chart', 'Table'] }),
    q({ qid: 'q3', answerable: false, evidencePages: [], evidenceSources: [] }),
    q({ qid: 'q4', pdfName: 'b.pdf', pdfPath: '/pdfs/b.pdf', imageOnly: true, evidencePages: [9] }),
  ];
  const rankings = { 'question q1': [2, 5, 6], 'question q2': [3, 1, 7], 'question q4': [4, 5, 9] };

  it('ingests each PDF once and scopes every search to its own document', async () => {
    const retriever = new FakeRetriever(rankings);
    const d = deps(retriever);
    const report = await runRetrievalBench(
      setOf(questions),
      { strategies: ['VECTOR', 'HYBRID'], rerank: [false, true] },
      d,
    );
    expect(d.ingester.calls).toEqual(['a.pdf', 'b.pdf']);
    expect(report.documents.map((x) => [x.pdfName, x.docId, x.folio.reused, x.questions])).toEqual([
      ['a.pdf', 'doc-a.pdf', true, 3],
      ['b.pdf', 'doc-b.pdf', false, 1],
    ]);
    // 3 answerable questions × 4 variants; the unanswerable one is not searched without --ask
    expect(retriever.requests).toHaveLength(12);
    expect(retriever.requests.every((r) => r.k === 10)).toBe(true);
    expect(retriever.requests.find((r) => r.query === 'question q4')?.scope).toEqual({
      docIds: ['doc-b.pdf'],
    });
    expect(report.runs.map((r) => r.name)).toEqual(['VECTOR', 'VECTOR+RERANK', 'HYBRID', 'HYBRID+RERANK']);
    expect(report.questionCounts).toMatchObject({
      used: 4,
      answerable: 3,
      unanswerable: 1,
      skippedDocumentLevel: { 'docugami-sec10q': 1 },
    });
  });

  it('empties the caches before every timed search, so each pays for its embedding and judging', async () => {
    const retriever = new FakeRetriever(rankings);
    const forgotten: number[] = [];
    await runRetrievalBench(
      setOf(questions),
      { strategies: ['VECTOR', 'HYBRID'], rerank: [false] },
      {
        ...deps(retriever),
        forgetCaches: () => forgotten.push(retriever.requests.length),
      },
    );
    // 3 answerable questions × 2 runs, each forgotten right before its own request
    expect(forgotten).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("runs each TRACE ablation with its layer switched off and sums each run's cost", async () => {
    const retriever = new FakeRetriever(rankings);
    const report = await runRetrievalBench(
      setOf(questions),
      { strategies: ['TRACE'], rerank: [false], traceAblations: ['no-decomposition', 'no-physical'] },
      deps(retriever),
    );
    expect(report.runs.map((r) => [r.name, r.traceAblation])).toEqual([
      ['TRACE', null],
      ['TRACE-no-decomposition', 'no-decomposition'],
      ['TRACE-no-physical', 'no-physical'],
    ]);
    const optionsOf = (query: string) =>
      retriever.requests.filter((r) => r.query === query).map((r) => r.trace);
    expect(optionsOf('question q1')).toEqual([undefined, { decomposition: false }, { physicalEdges: false }]);
    // 3 answerable questions, one judge call and 3 ranked pages each
    expect(report.runs[1]!.cost).toMatchObject({ judgeCalls: 3, pagesVisited: 9 });
    expect(report.questions.find((r) => r.run === 'TRACE' && r.qid === 'q1')?.cost?.judgeCalls).toBe(1);
  });

  it('with corpus scope asks every question unscoped and still scores it against its own document', async () => {
    const retriever = new FakeRetriever(rankings);
    const report = await runRetrievalBench(
      setOf(questions),
      { strategies: ['HYBRID'], rerank: [false], scope: 'corpus' },
      deps(retriever),
    );
    expect(retriever.requests.every((r) => r.scope.docIds === undefined)).toBe(true);
    expect(report.runs.map((r) => [r.name, r.scope])).toEqual([['HYBRID@corpus', 'corpus']]);
    // the fake answers with page numbers of docId '' (no scope): none is the question's own document
    expect(report.runs[0]!.overall.recall[10]).toBe(0);
    expect(report.questions.find((r) => r.qid === 'q1')?.ranked).toEqual(['#2', '#5', '#6']);
  });

  it('scores pages with the multi-hop rule and breaks results down', async () => {
    const report = await runRetrievalBench(
      setOf(questions),
      { strategies: ['VECTOR'], rerank: [false] },
      deps(new FakeRetriever(rankings)),
    );
    const run = report.runs[0]!;
    expect(run.overall.n).toBe(3);
    // q1 hit@1; q2 needs 3 and 7 (both in top 3); q4 page 9 at rank 3
    expect(run.overall.hit[1]).toBeCloseTo(1 / 3);
    expect(run.overall.hit[3]).toBe(1);
    expect(run.overall.recall[1]).toBeCloseTo((1 + 0.5 + 0) / 3);
    expect(Object.keys(run.breakdowns.dataset)).toEqual(['mmdocir', 'mmlongbench-doc']);
    expect(run.breakdowns.documentKind['scanned']?.n).toBe(1);
    expect(run.breakdowns.hops['2 hops']?.n).toBe(1);
    // a question counts under each of its evidence sources
    expect(run.breakdowns.evidenceSource['Table']?.n).toBe(2);
    expect(run.breakdowns.evidenceSource['Chart']?.n).toBe(1);
    expect(run.latency.n).toBe(3);
    expect(run.unanswerable).toBeNull();
    const row = report.questions.find((r) => r.qid === 'q2')!;
    expect(row.ranked).toEqual([3, 1, 7]);
    expect(row.metrics?.hit[3]).toBe(1);
  });

  it('scores MMDocIR layout recall over the returned elements, and none for questions without boxes', async () => {
    const boxed = [
      q({
        qid: 'q2',
        evidencePages: [3, 7],
        dataset: 'mmdocir',
        // the element of page 3 lies inside the first box; the second box (page 7) is elsewhere on its page
        evidenceBoxes: [
          { pageNumber: 3, bbox: [0, 0, 12, 12] },
          { pageNumber: 7, bbox: [100, 100, 200, 200] },
        ],
      }),
      q({ qid: 'q1', evidencePages: [2] }),
    ];
    const report = await runRetrievalBench(
      setOf(boxed),
      { strategies: ['VECTOR'], rerank: [false, true] },
      deps(new FakeRetriever(rankings)),
    );
    const [plain, reranked] = report.runs;
    // ranking [3, 1, 7]: the first element already covers the page-3 box
    expect(plain?.layout).toEqual({ n: 1, recall: { 1: 0.5, 3: 0.5, 5: 0.5 } });
    // re-ranked [7, 3, 1]: page 3's element comes second
    expect(reranked?.layout).toEqual({ n: 1, recall: { 1: 0, 3: 0.5, 5: 0.5 } });
    expect(report.questions.find((r) => r.qid === 'q1')?.layout).toBeNull();
  });

  it('counts a failed search or a failed ingestion as a miss', async () => {
    const failing = [
      q({ qid: 'boom', evidencePages: [1] }),
      q({ qid: 'q9', pdfName: 'broken.pdf', pdfPath: '/pdfs/broken.pdf' }),
    ];
    const warnings: string[] = [];
    const report = await runRetrievalBench(
      setOf(failing),
      { strategies: ['VECTOR'], rerank: [false] },
      deps(new FakeRetriever({}), { onWarning: (m) => warnings.push(m) }),
    );
    const run = report.runs[0]!;
    expect(run.errors).toBe(2);
    expect(run.overall.n).toBe(2);
    expect(run.overall.recall[10]).toBe(0);
    expect(warnings.join()).toMatch(/could not ingest broken\.pdf: not a PDF/);
    expect(report.questions.map((r) => r.error)).toEqual(['search failed', 'document not ingested']);
  });

  it('with ask, asks every question, scores unanswerable detection and grades through the AnswerGrader', async () => {
    const graded: string[] = [];
    const grader: AnswerGrader = {
      name: 'fake judge',
      grade: (item) => {
        graded.push(`${item.question}: ${item.answerable ? 'answerable' : 'unanswerable'}`);
        return Promise.resolve({ verdict: item.answer === 'x' ? 'correct' : 'wrong', reason: null });
      },
    };
    const report = await runRetrievalBench(
      setOf(questions),
      { strategies: ['VECTOR'], rerank: [false], ask: true },
      deps(new FakeRetriever(rankings), { grader }),
    );
    const run = report.runs[0]!;
    expect(graded).toHaveLength(4);
    // the grader gets the gold flag, not the system's verdict
    expect(graded).toContain('question q3: unanswerable');
    expect(graded).toContain('question q1: answerable');
    // q3 (unanswerable) gets no pages from the fake, so it is flagged unanswerable: 4/4 right
    expect(run.unanswerable).toMatchObject({ n: 4, unanswerable: 1, accuracy: 1, recall: 1, precision: 1 });
    expect(run.answers).toMatchObject({
      grader: 'fake judge',
      graded: 4,
      correct: 3,
      wrong: 1,
      accuracy: 0.75,
    });
    // retrieval metrics still only over answerable questions
    expect(run.overall.n).toBe(3);
  });

  it('reports answers as not graded offline', async () => {
    const report = await runRetrievalBench(
      setOf(questions),
      { strategies: ['VECTOR'], rerank: [false], ask: true },
      deps(new FakeRetriever(rankings)),
    );
    expect(report.runs[0]!.answers).toMatchObject({ graded: 0, notGraded: 4, accuracy: null });
  });

  it('with a comparison grader and the graph reader, reports both graders and the trust checks', async () => {
    /** Answers "Route 2 ferries", citing the top page's element. */
    class CitingRetriever extends FakeRetriever {
      override async ask(question: string, opts: Parameters<FakeRetriever['ask']>[1]): Promise<AskResult> {
        const result = await super.ask(question, opts);
        const top = result.search.pages[0];
        if (!top) return result;
        const citation = { docId: top.docId, pageNumber: top.pageNumber, bbox: null, score: 1, step: 1 };
        return {
          ...result,
          answer: {
            text: `Route 2 ferries [p. ${top.pageNumber}]`,
            kind: 'TEXT',
            value: null,
            unit: null,
            scale: null,
            items: [],
            formula: null,
          },
          citations: [{ ...citation, elementId: `e${top.pageNumber}`, quote: 'Route 2 ferries' }],
        };
      }
    }
    const stored = new Map([
      ['e2', 'Route 2 ferries leave hourly.'],
      ['e4', 'Timetable'],
    ]);
    const read: string[][] = [];
    const asked = [
      q({ qid: 'q1', answer: '2', answerFormat: 'Int', evidencePages: [2] }),
      q({ qid: 'q3', answer: 'Not answerable', answerFormat: 'None', answerable: false, evidencePages: [] }),
      q({ qid: 'q4', pdfName: 'b.pdf', pdfPath: '/pdfs/b.pdf', answer: 'Harbour', evidencePages: [9] }),
    ];
    const report = await runRetrievalBench(
      setOf(asked),
      { strategies: ['VECTOR'], rerank: [false], ask: true },
      deps(new CitingRetriever(rankings), {
        grader: new StrictAnswerGrader(),
        comparisonGrader: new LlmAnswerGrader(new LlmService({ llm: null } as FolioConfig)),
        citedElements: {
          elementsById: (ids) => {
            read.push(ids);
            return Promise.resolve(
              ids.map((id) => (stored.has(id) ? { id, text: stored.get(id)!, description: null } : null)),
            );
          },
        },
      }),
    );
    const run = report.runs[0]!;
    // q1: the lenient match finds "2" in the sentence, the strict grader does not; q3 is Not answerable for both
    expect(run.answers).toMatchObject({ grader: expect.stringMatching(/^strict/), correct: 1, graded: 3 });
    expect(run.comparisonAnswers).toMatchObject({
      grader: expect.stringMatching(/^string match/),
      correct: 2,
    });
    // q1 quotes e2 (grounded, cites evidence p. 2); q4 quotes e4 ("Timetable" does not hold it), its p. 9 is third
    expect(run.trust).toEqual({
      checked: 2,
      grounded: 0.5,
      foundInTop3: 2,
      citesEvidenceWhenFound: 0.5,
      citingIrrelevant: 0,
    });
    expect(read).toEqual([['e2'], ['e4']]);
    const q1 = report.questions.find((r) => r.qid === 'q1')!;
    expect(q1.answerFormat).toBe('Int');
    expect(q1.ask).toMatchObject({
      verdict: 'wrong',
      comparison: { verdict: 'correct' },
      typed: { text: 'Route 2 ferries [p. 2]', value: null },
      trust: { grounded: true, citesEvidence: true },
    });
  });

  it('measures each peer on the same questions after preparing its documents', async () => {
    const prepared: string[] = [];
    let cleaned = false;
    const fakePeer = (name: string, page: number, chunks: number): PeerRetriever => ({
      name,
      prepare: (docs) => {
        prepared.push(...docs.map((d) => `${name} ${d.docId}:${d.pdfPath}`));
        return Promise.resolve(docs.map((d) => ({ docId: d.docId, ms: 12, pages: 10, chunks })));
      },
      search: (_query, docId) => Promise.resolve([{ docId, pageNumber: page }]),
      cleanup: () => {
        cleaned = true;
        return Promise.resolve();
      },
    });
    const report = await runRetrievalBench(
      setOf(questions),
      { strategies: ['VECTOR'], rerank: [false], limit: 2 },
      deps(new FakeRetriever(rankings), { peers: [fakePeer('fake-peer', 2, 30), fakePeer('other', 9, 7)] }),
    );
    expect(prepared).toEqual(['fake-peer doc-a.pdf:/pdfs/a.pdf', 'other doc-a.pdf:/pdfs/a.pdf']);
    expect(report.runs.map((r) => r.name)).toEqual(['VECTOR', 'peer:fake-peer', 'peer:other']);
    expect(report.runs[1]!.overall.hit[1]).toBe(0.5); // q1 found, q2 not
    expect(report.runs[2]!.overall.hit[1]).toBe(0);
    expect(report.options.peers).toEqual(['fake-peer', 'other']);
    expect(report.documents[0]!.peers).toMatchObject({
      'fake-peer': { chunks: 30, ms: 12 },
      other: { chunks: 7 },
    });
    expect(report.questionCounts.beyondLimit).toBe(2);
    expect(cleaned).toBe(false); // the caller owns cleanup
  });
});

describe('withCopiesAsOriginals', () => {
  it("names a copy's pages as its original's and lists a page once, at its best rank", () => {
    const ranking = {
      pages: [
        { docId: 'copy0-a', pageNumber: 2 },
        { docId: 'b', pageNumber: 1 },
        { docId: 'a', pageNumber: 2 },
        { docId: 'copy1-a', pageNumber: 5 },
      ],
      elements: [{ docId: 'copy0-a', pageNumber: 2, bbox: [0, 0, 1, 1] as [number, number, number, number] }],
      cost: null,
    };
    const sources = new Map([
      ['copy0-a', 'a'],
      ['copy1-a', 'a'],
    ]);
    const mapped = withCopiesAsOriginals(ranking, sources);
    expect(mapped.pages).toEqual([
      { docId: 'a', pageNumber: 2 },
      { docId: 'b', pageNumber: 1 },
      { docId: 'a', pageNumber: 5 },
    ]);
    expect(mapped.elements![0]!.docId).toBe('a');
    expect(withCopiesAsOriginals(ranking, undefined)).toBe(ranking);
  });
});
