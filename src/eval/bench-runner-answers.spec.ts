import type { FolioConfig } from '../config/folio-config';
import { LlmService } from '../llm/llm.service';
import type { AskResult } from '../retrieve/retrieve.types';
import { AnswerGrader, LlmAnswerGrader } from './answer-grader';
import type { PeerRetriever } from './bench-ports';
import { runRetrievalBench } from './bench-runner';
import { StrictAnswerGrader } from './strict-grader';
import { deps, FakeRetriever, q, QUESTIONS, RANKINGS, setOf, textAnswer } from './testing/bench-fakes';

describe('runRetrievalBench with answers and peers', () => {
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
      setOf(QUESTIONS),
      { strategies: ['VECTOR'], rerank: [false], ask: true },
      deps(new FakeRetriever(RANKINGS), { grader }),
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
      setOf(QUESTIONS),
      { strategies: ['VECTOR'], rerank: [false], ask: true },
      deps(new FakeRetriever(RANKINGS)),
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
          answer: textAnswer(`Route 2 ferries [p. ${top.pageNumber}]`),
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
      deps(new CitingRetriever(RANKINGS), {
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
      setOf(QUESTIONS),
      { strategies: ['VECTOR'], rerank: [false], limit: 2 },
      deps(new FakeRetriever(RANKINGS), { peers: [fakePeer('fake-peer', 2, 30), fakePeer('other', 9, 7)] }),
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
