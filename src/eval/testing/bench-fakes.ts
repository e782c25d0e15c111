// Fakes of what the retrieval bench drives (ingester, retriever, asker) and the questions its specs ask.
import type { IngestOptions, IngestResult } from '../../ingest/ingest.service';
import { typedAnswer } from '../../retrieve/answer/typed-answer';
import { emptyCost } from '../../retrieve/evidence-step';
import type { AskResult, SearchRequest, SearchResult } from '../../retrieve/retrieve.types';
import { NotGradedAnswerGrader } from '../answer-grader';
import type { BenchQuestion, BenchQuestionSet } from '../bench-questions';
import type { BenchAsker, BenchRetriever } from '../bench-ports';
import type { runRetrievalBench } from '../bench-runner';

export const q = (over: Partial<BenchQuestion> & { qid: string }): BenchQuestion => ({
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

export const setOf = (questions: BenchQuestion[]): BenchQuestionSet => ({
  file: '/q.jsonl',
  pdfDir: '/pdfs',
  questions,
  total: questions.length + 1,
  skippedDocumentLevel: { 'docugami-sec10q': 1 },
  skippedByFilter: 0,
  invalidRows: [],
  missingPdfs: {},
});

export class FakeIngester {
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
export class FakeRetriever implements BenchRetriever, BenchAsker {
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
      answer: answerable ? textAnswer('x', 'x') : textAnswer('Not answerable'),
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

export const deps = (
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

/** A plain-text answer, as the offline asker gives it. */
export const textAnswer = (text: string, value: string | null = null): AskResult['answer'] =>
  typedAnswer('TEXT', text, { value });

/** Four questions over two PDFs: a table, a two-page chart and table, an unanswerable one, an image-only one. */
export const QUESTIONS = [
  q({ qid: 'q1', evidencePages: [2], evidenceSources: ['Table'] }),
  q({ qid: 'q2', evidencePages: [3, 7], dataset: 'mmdocir', evidenceSources: ['Chart', 'Table'] }),
  q({ qid: 'q3', answerable: false, evidencePages: [], evidenceSources: [] }),
  q({ qid: 'q4', pdfName: 'b.pdf', pdfPath: '/pdfs/b.pdf', imageOnly: true, evidencePages: [9] }),
];
/** What FakeRetriever ranks for each question (nothing for q3). */
export const RANKINGS = { 'question q1': [2, 5, 6], 'question q2': [3, 1, 7], 'question q4': [4, 5, 9] };
