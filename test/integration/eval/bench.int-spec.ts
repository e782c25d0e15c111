import type { TestingModule } from '@nestjs/testing';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FOLIO_CONFIG } from '../../../src/config/config.tokens';
import type { FolioConfig } from '../../../src/config/folio-config';
import { EMBEDDER } from '../../../src/embed/embed.tokens';
import type { Embedder } from '../../../src/embed/embedder';
import { NotGradedAnswerGrader } from '../../../src/eval/answer-grader';
import { loadQuestions } from '../../../src/eval/bench-questions';
import { writeRetrievalReport } from '../../../src/eval/bench-report';
import { runRetrievalBench } from '../../../src/eval/bench-runner';
import { StrictAnswerGrader } from '../../../src/eval/strict-grader';
import { ContentRepository } from '../../../src/graph/content.repository';
import { LangChainNeo4jBaseline } from '../../../src/eval/peer/langchain-baseline';
import { IngestService } from '../../../src/ingest/ingest.service';
import { AskService } from '../../../src/retrieve/answer/ask.service';
import { RetrieveService } from '../../../src/retrieve/retrieve.service';
import { createFolioTestModule, fixture, uniqueCopy } from '../../support/ingest-context';

// uuid 14 (used by LangChain's Neo4jVectorStore for chunk ids) ships ESM only, which Jest's CommonJS runtime on
// Node 20 cannot require; plain Node (the CLI) can. Random ids serve the same purpose here.
jest.mock('uuid', () => {
  const { randomUUID } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
  return { v1: randomUUID, v4: randomUUID, v7: randomUUID };
});

// The benchmark end to end on the real services: a tiny questions file written at test time about the sample report
// (test/fixtures/pdf), a unique copy of that PDF so this file's document is its own, and the LangChain peer.

const row = (qid: string, question: string, evidence: number[] | null, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    dataset: 'fixture',
    qid,
    pdf_name: evidence === null ? null : 'sample-report.pdf',
    question,
    answer: evidence?.length === 0 ? 'Not answerable' : 'see the report',
    evidence_pages: evidence,
    evidence_sources: evidence?.length ? ['Table'] : [],
    answerable: evidence === null || evidence.length > 0,
    pdf_image_only: false,
    ...extra,
  });

describe('folio bench (runner on the real services)', () => {
  let module: TestingModule;
  let dir: string;
  const created: string[] = [];

  beforeAll(async () => {
    module = await createFolioTestModule();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-int-'));
    fs.mkdirSync(path.join(dir, 'pdfs'));
    fs.writeFileSync(
      path.join(dir, 'pdfs', 'sample-report.pdf'),
      uniqueCopy(fixture('pdf', 'sample-report.pdf')),
    );
    fs.writeFileSync(
      path.join(dir, 'questions.jsonl'),
      [
        row('fx-1', 'What is the recall@3 of graph walk + rerank?', [2]),
        row('fx-2', 'Which column reports that reranking costs time but improves precision?', [3]),
        row(
          'fx-3',
          'Where is Table 1 cited, and what retrieval accuracy does it list for the hybrid method?',
          [1, 2],
        ),
        row('fx-4', 'How much did the project cost in 2019?', []),
        row('fx-5', 'How did the totals change across the filings?', null, { dataset: 'docugami-sec10q' }),
      ].join('\n'),
    );
  });

  afterAll(async () => {
    const ingest = module.get(IngestService);
    for (const docId of created) await ingest.deleteDocument(docId).catch(() => undefined);
    await module.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ingests, searches every variant and the peer, scores, and writes the report', async () => {
    const config = module.get<FolioConfig>(FOLIO_CONFIG);
    const peer = new LangChainNeo4jBaseline({
      neo4j: config.neo4j,
      embedder: module.get<Embedder>(EMBEDDER),
    });
    const set = loadQuestions(path.join(dir, 'questions.jsonl'), path.join(dir, 'pdfs'));
    expect(set.skippedDocumentLevel).toEqual({ 'docugami-sec10q': 1 });

    let report;
    try {
      report = await runRetrievalBench(
        set,
        { strategies: ['VECTOR', 'HYBRID'], rerank: [false, true], ask: true },
        {
          ingester: module.get(IngestService),
          retriever: module.get(RetrieveService),
          asker: module.get(AskService),
          grader: new NotGradedAnswerGrader(),
          comparisonGrader: new StrictAnswerGrader(),
          citedElements: module.get(ContentRepository),
          peers: [peer],
        },
      );
    } finally {
      await peer.cleanup();
    }
    const docId = report.documents[0]?.docId;
    if (docId) created.push(docId);
    expect(report.documents).toMatchObject([
      { pdfName: 'sample-report.pdf', pages: 4, folio: { reused: false, error: null } },
    ]);
    const peerStats = report.documents[0]?.peers[peer.name];
    expect(peerStats?.error).toBeUndefined();
    expect(peerStats).toMatchObject({ pages: 4 });
    expect(peerStats!.chunks).toBeGreaterThan(0);

    expect(report.runs.map((r) => r.name)).toEqual([
      'VECTOR',
      'VECTOR+RERANK',
      'HYBRID',
      'HYBRID+RERANK',
      'peer:langchain-neo4j-vector',
    ]);
    for (const run of report.runs) {
      expect(run.errors).toBe(0);
      expect(run.overall.n).toBe(3);
      expect(run.latency.n).toBe(3);
      // a four-page document: every evidence page is among the top ten
      expect(run.overall.recall[10]).toBe(1);
    }
    const hybridTable = report.questions.find((q) => q.run === 'HYBRID' && q.qid === 'fx-1');
    expect(hybridTable?.metrics?.hit[3]).toBe(1);
    expect(report.runs[0]!.breakdowns.hops['2 hops']?.n).toBe(1);

    // --ask: every question including the unanswerable one, flags scored, answers not graded offline
    const vector = report.runs[0]!;
    expect(vector.unanswerable).toMatchObject({ n: 4, unanswerable: 1 });
    expect(vector.answers).toMatchObject({ graded: 0, notGraded: 4, accuracy: null });
    // the strict grader beside it; grounded read from the cited elements' stored text in Neo4j
    expect(vector.comparisonAnswers).toMatchObject({ grader: expect.stringMatching(/^strict/), graded: 4 });
    const answered = report.questions.filter((q) => q.run === 'VECTOR' && q.ask?.answerable);
    expect(answered.length).toBeGreaterThan(0);
    expect(vector.trust?.checked).toBe(answered.length);
    expect(answered.map((q) => q.ask!.trust.ungroundedQuote)).toEqual(answered.map(() => null));
    expect(vector.trust?.grounded).toBe(1);

    const files = writeRetrievalReport(report, path.join(dir, 'out'));
    expect(fs.readFileSync(files.markdown, 'utf8')).toContain('| HYBRID+RERANK |');
    expect(fs.statSync(files.chart).size).toBeGreaterThan(1000);
  });
});
