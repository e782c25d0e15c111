import type { AnswerVerdict } from './answer-grader';
import type { AskRow } from './answer-judging';
import { answerBreakdownTable, answerSections, answerTable, answerTrustTable } from './answer-report';
import { sentenceAnswer } from './strict-grader';
import { renderMarkdown } from './bench-report';
import type { BenchReport, QuestionRow } from './bench-report.types';
import { buildRunReport } from './run-report';

const judges = {
  grader: { name: 'strict (typed value)', grade: () => Promise.reject(new Error('not called')) },
  comparison: { name: 'string match (offline)', grade: () => Promise.reject(new Error('not called')) },
};

const asked = (
  qid: string,
  over: { format?: string | null; dataset?: string; sources?: string[]; answerable?: boolean },
  ask: {
    verdict: AnswerVerdict;
    lenient: AnswerVerdict;
    said?: boolean;
    grounded?: boolean | null;
    cites?: boolean;
  },
): QuestionRow => {
  const row: AskRow = {
    answer: 'a',
    answerable: ask.said ?? true,
    latencyMs: 10,
    verdict: ask.verdict,
    reason: null,
    typed: sentenceAnswer('a'),
    comparison: { verdict: ask.lenient, reason: null },
    trust: {
      grounded: ask.grounded ?? null,
      ungroundedQuote: null,
      evidenceInTop3: ask.cites !== undefined,
      citesEvidence: ask.cites ?? false,
      citesIrrelevant: ask.grounded === false,
    },
  };
  return {
    run: 'GRAPH',
    qid,
    dataset: over.dataset ?? 'mmlongbench-doc',
    pdfName: 'a.pdf',
    docId: 'd',
    answerable: over.answerable ?? true,
    evidencePages: [1],
    evidenceSources: over.sources ?? ['Table'],
    imageOnly: false,
    answerFormat: over.format === undefined ? 'Int' : over.format,
    ranked: [],
    metrics: null,
    layout: null,
    latencyMs: null,
    error: null,
    ask: row,
  };
};

function reportOf(rows: QuestionRow[]): BenchReport {
  return {
    kind: 'retrieval',
    createdAt: '2026-01-01T00:00:00.000Z',
    questionsFile: '/q.jsonl',
    pdfDir: '/pdfs',
    options: {
      strategies: ['GRAPH'],
      rerank: [false],
      k: 10,
      ask: true,
      peers: [],
      limit: null,
      datasets: null,
    },
    environment: { node: 'v20', platform: 'linux x64', cpus: 2, embeddingModel: null },
    questionCounts: {
      inFile: rows.length,
      used: rows.length,
      answerable: rows.filter((r) => r.answerable).length,
      unanswerable: rows.filter((r) => !r.answerable).length,
      skippedDocumentLevel: {},
      skippedByFilter: 0,
      missingPdfs: {},
      invalidRows: [],
      beyondLimit: 0,
    },
    documents: [],
    runs: [buildRunReport('GRAPH', 'folio', 'GRAPH', false, rows, judges)],
    questions: rows,
  };
}

const report = reportOf([
  asked('q1', {}, { verdict: 'correct', lenient: 'correct', grounded: true, cites: true }),
  asked(
    'q2',
    { format: 'Str', sources: ['Chart', 'Table'] },
    { verdict: 'wrong', lenient: 'correct', grounded: false, cites: false },
  ),
  asked(
    'q3',
    { format: null, dataset: 'financebench', sources: [] },
    { verdict: 'partial', lenient: 'correct', grounded: true },
  ),
  asked(
    'q4',
    { format: 'None', sources: [], answerable: false },
    { verdict: 'correct', lenient: 'correct', said: false },
  ),
]);

describe('answer report', () => {
  it('shows the grader and the comparison grader side by side', () => {
    const t = answerTable(report)!;
    const row = Object.fromEntries(t.header.map((h, i) => [h, t.rows[0]![i]]));
    expect(row).toMatchObject({
      run: 'GRAPH',
      asked: '4',
      grader: 'strict (typed value)',
      accuracy: '50.0',
      'comparison grader': 'string match (offline)',
      'its accuracy': '100.0',
    });
  });

  it('reports grounded, cites evidence when found, irrelevant citations and Not answerable shares', () => {
    const t = answerTrustTable(report)!;
    expect(t.rows).toEqual([['GRAPH', '3', '66.7', '2', '50.0', '1', '100.0', '0.0']]);
  });

  it('breaks answers down by format, dataset and evidence source', () => {
    const byFormat = answerBreakdownTable(report, 'answerFormat')!;
    expect(byFormat.header[2]).toBe('GRAPH strict / string match / grounded / cites ev.');
    expect(byFormat.rows).toEqual([
      ['(no format given)', '1', '0.0 / 100.0 / 100.0 / –'],
      ['Int', '1', '100.0 / 100.0 / 100.0 / 100.0'],
      ['None', '1', '100.0 / 100.0 / – / –'],
      ['Str', '1', '0.0 / 100.0 / 0.0 / 0.0'],
    ]);
    const bySource = answerBreakdownTable(report, 'evidenceSource')!;
    expect(bySource.rows.map((r) => [r[0], r[1]])).toEqual([
      ['(none)', '2'],
      ['Chart', '1'],
      ['Table', '2'],
    ]);
    expect(answerBreakdownTable(report, 'dataset')!.rows.map((r) => r[0])).toEqual([
      'financebench',
      'mmlongbench-doc',
    ]);
  });

  it('puts every answer section in report.md, and none without --ask', () => {
    expect(answerSections(report).map((s) => s.title)).toEqual([
      'Answers and unanswerable detection',
      'Can a reader trust the answer',
      'Answers by answer format (MMLongBench-Doc: Str, Int, Float, List, None)',
      'Answers by dataset',
      'Answers by evidence source (a question counts under each of its sources)',
    ]);
    expect(renderMarkdown(report)).toContain('## Can a reader trust the answer');
    const silent = reportOf([]);
    silent.runs = [buildRunReport('GRAPH', 'folio', 'GRAPH', false, [], null)];
    expect(answerSections(silent)).toEqual([]);
  });
});
