import { runRetrievalBench, withCopiesAsOriginals } from './bench-runner';
import { deps, FakeRetriever, q, QUESTIONS, RANKINGS, setOf } from './testing/bench-fakes';

describe('runRetrievalBench', () => {
  it('ingests each PDF once and scopes every search to its own document', async () => {
    const retriever = new FakeRetriever(RANKINGS);
    const d = deps(retriever);
    const report = await runRetrievalBench(
      setOf(QUESTIONS),
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
    const retriever = new FakeRetriever(RANKINGS);
    const forgotten: number[] = [];
    await runRetrievalBench(
      setOf(QUESTIONS),
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
    const retriever = new FakeRetriever(RANKINGS);
    const report = await runRetrievalBench(
      setOf(QUESTIONS),
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
    const retriever = new FakeRetriever(RANKINGS);
    const report = await runRetrievalBench(
      setOf(QUESTIONS),
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
      setOf(QUESTIONS),
      { strategies: ['VECTOR'], rerank: [false] },
      deps(new FakeRetriever(RANKINGS)),
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
      deps(new FakeRetriever(RANKINGS)),
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
