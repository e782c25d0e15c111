import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  breakdownTable,
  documentTable,
  layoutTable,
  markdownTable,
  metricTable,
  renderMarkdown,
  writeRetrievalReport,
} from './bench-report';
import { renderBarChart } from './bar-chart';
import { ingestTable, renderIngestMarkdown } from './ingest-report';
import type { BenchReport, QuestionRow } from './bench-report.types';
import { buildRunReport } from './run-report';
import { buildIngestReport } from './ingest-bench';
import { hopsFromPages, scoreQuestion } from './metrics';

const row = (
  run: string,
  qid: string,
  ranked: number[],
  evidence: number[],
  over: Partial<QuestionRow> = {},
): QuestionRow => ({
  run,
  qid,
  dataset: 'mmlongbench-doc',
  pdfName: 'a.pdf',
  docId: 'd',
  answerable: true,
  evidencePages: evidence,
  evidenceSources: ['Table'],
  imageOnly: false,
  ranked,
  metrics: scoreQuestion(
    ranked.map((pageNumber) => ({ docId: 'd', pageNumber })),
    { docId: 'd', hops: hopsFromPages(evidence) },
  ),
  layout: null,
  latencyMs: 100,
  error: null,
  ask: null,
  ...over,
});

function fakeReport(): BenchReport {
  const vector = [
    row('VECTOR', 'q1', [1, 2, 3], [1]),
    row('VECTOR', 'q2', [4, 5, 6], [9], {
      dataset: 'mmdocir',
      latencyMs: 300,
      layout: { 1: 0, 3: 0.5, 5: 1 },
    }),
  ];
  const hybrid = [
    row('HYBRID+RERANK', 'q1', [1], [1]),
    row('HYBRID+RERANK', 'q2', [9], [9], { dataset: 'mmdocir' }),
  ];
  return {
    kind: 'retrieval',
    createdAt: '2026-01-01T00:00:00.000Z',
    questionsFile: '/bench/q.jsonl',
    pdfDir: '/bench/pdfs',
    options: {
      strategies: ['VECTOR', 'HYBRID'],
      rerank: [false, true],
      k: 10,
      ask: false,
      peers: [],
      limit: null,
      datasets: null,
    },
    environment: { node: 'v20', platform: 'linux x64', cpus: 2, embeddingModel: 'bge-small-en-v1.5' },
    questionCounts: {
      inFile: 3,
      used: 2,
      answerable: 2,
      unanswerable: 0,
      skippedDocumentLevel: { 'docugami-sec10q': 1 },
      skippedByFilter: 0,
      missingPdfs: {},
      invalidRows: [{ line: 9, qid: 'x', reason: 'evidence page 0 (pages are 1-based)' }],
      beyondLimit: 0,
    },
    documents: [
      {
        pdfName: 'a.pdf',
        docId: 'd',
        pages: 10,
        questions: 2,
        folio: { reused: true, ms: 3, timingsMs: {}, error: null },
        peers: {},
      },
    ],
    runs: [
      buildRunReport('VECTOR', 'folio', 'VECTOR', false, vector, null),
      buildRunReport('HYBRID+RERANK', 'folio', 'HYBRID', true, hybrid, null),
    ],
    questions: [...vector, ...hybrid],
  };
}

describe('retrieval report rendering', () => {
  it('puts one row per run with rates in percent and latency', () => {
    const t = metricTable(fakeReport());
    expect(t.header.slice(0, 4)).toEqual(['run', 'n', 'hit@1', 'hit@3']);
    const vector = t.rows[0]!;
    expect(vector[0]).toBe('VECTOR');
    expect(vector[t.header.indexOf('hit@1')]).toBe('50.0');
    expect(vector[t.header.indexOf('R@3')]).toBe('50.0');
    expect(vector[t.header.indexOf('mean ms')]).toBe('200');
    expect(vector[t.header.indexOf('p95 ms')]).toBe('300');
    expect(t.rows[1]![t.header.indexOf('NDCG@3')]).toBe('100.0');
  });

  it('breaks each run down by bucket', () => {
    const t = breakdownTable(fakeReport(), 'dataset');
    expect(t.rows.map((r) => r[0])).toEqual(['mmdocir', 'mmlongbench-doc']);
    expect(t.rows[0]).toEqual(['mmdocir', '1', '0.0 / 0.0 / 0.0', '100.0 / 100.0 / 100.0']);
  });

  it('renders markdown with the headline table, breakdowns and the skipped rows', () => {
    const md = renderMarkdown(fakeReport());
    expect(md).toContain('# Folio retrieval benchmark');
    expect(md).toContain('| run | n | hit@1 |');
    expect(md).toContain('| VECTOR | 2 | 50.0 |');
    expect(md).toContain('## By dataset');
    expect(md).toContain('## By hop count');
    expect(md).toContain('skipped without page labels: 1 docugami-sec10q');
    expect(md).toContain('stored before');
    expect(md).toContain('1 with unusable labels (line 9: evidence page 0');
    expect(markdownTable({ header: ['a'], rows: [['x|y']] })).toBe('| a |\n| --- |\n| x\\|y |');
  });

  it('shows layout recall only for runs with evidence boxes', () => {
    const t = layoutTable(fakeReport());
    expect(t?.rows).toEqual([['VECTOR', '1', '0.0', '50.0', '100.0']]);
    expect(renderMarkdown(fakeReport())).toContain('## Element-level evidence (MMDocIR layout recall)');
  });

  it('gives each peer its ingest time and chunk columns in the document table', () => {
    const report = fakeReport();
    report.options.peers = ['langchain-neo4j-vector', 'naive-page-passages'];
    report.documents[0]!.peers = {
      'naive-page-passages': { docId: 'd', ms: 2500, pages: 10, chunks: 31 },
    };
    const t = documentTable(report);
    expect(t.header.slice(4)).toEqual([
      'folio ingest s',
      'langchain-neo4j-vector ingest s',
      'langchain-neo4j-vector chunks',
      'naive-page-passages ingest s',
      'naive-page-passages chunks',
    ]);
    expect(t.rows[0]!.slice(5)).toEqual(['–', '–', '2.5', '31']);
  });

  it('draws a PNG chart and writes all three files', () => {
    const png = renderBarChart('t', ['A', 'B'], [{ label: 'recall@3', color: '#000', values: [0.5, 1] }]);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-report-'));
    try {
      const files = writeRetrievalReport(fakeReport(), path.join(dir, 'out'));
      expect(JSON.parse(fs.readFileSync(files.json, 'utf8'))).toMatchObject({
        kind: 'retrieval',
        runs: [{ name: 'VECTOR' }, { name: 'HYBRID+RERANK' }],
      });
      expect(fs.readFileSync(files.markdown, 'utf8')).toContain('HYBRID+RERANK');
      expect(fs.readFileSync(files.chart).subarray(1, 4).toString('latin1')).toBe('PNG');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('ingest report rendering', () => {
  const report = buildIngestReport(
    [
      {
        file: 'a.pdf',
        docId: 'bench-a',
        pages: 20,
        ocrPages: 2,
        elements: 100,
        passages: 30,
        sections: 5,
        seconds: 10,
        pagesPerSecond: 2,
        timingsMs: { parse: 1000, ocr: 3000, layout: 500, embed: 4000, write: 1500 },
        error: null,
      },
      {
        file: 'b.pdf',
        docId: 'bench-b',
        pages: 0,
        ocrPages: 0,
        elements: 0,
        passages: 0,
        sections: 0,
        seconds: 0.1,
        pagesPerSecond: 0,
        timingsMs: {},
        error: 'broken',
      },
    ],
    {
      modelName: 'm',
      passages: 64,
      meanTokens: 50,
      seconds: 2,
      passagesPerSecond: 32,
      tokensPerSecond: 1600,
    },
    'm',
    false,
    {
      folioPeakRssMiB: 400,
      peer: {
        name: 'langchain-neo4j-vector',
        documents: [],
        pages: 20,
        chunks: 80,
        seconds: 5,
        pagesPerSecond: 4,
        stageMs: { load: 1000, embedStore: 4000 },
        peakRssMiB: 450,
      },
    },
  );

  it('sums stages over the documents that worked', () => {
    expect(report.overall).toMatchObject({ documents: 1, pages: 20, pagesPerSecond: 2 });
    expect(report.overall.stageShare.embed).toBeCloseTo(0.4);
    expect(report.overall.ingestEmbedPassagesPerSecond).toBeCloseTo(35 / 4); // passages + section paths
    expect(report.peakRssMiB).toBeGreaterThan(0);
  });

  it('renders a row per document plus the overall row', () => {
    const t = ingestTable(report);
    expect(t.rows).toHaveLength(3);
    expect(t.rows[1]![t.header.indexOf('pages/s')]).toBe('FAILED');
    expect(t.rows[2]![t.header.indexOf('embed s')]).toBe('4.0 (40.0%)');
    const md = renderIngestMarkdown(report);
    expect(md).toContain('32.0 passages/s');
    expect(md).toContain('| a.pdf | 20 | 2 | 100 | 30 | 10.0 | 2.00 |');
  });

  it('reports the peer beside Folio: its pages/s, its stages and the ratio', () => {
    expect(report.speedRatio).toBeCloseTo(0.5);
    const md = renderIngestMarkdown(report);
    expect(md).toContain('4.00 pages/s (load 1.0 s, embedStore 4.0 s)');
    expect(md).toContain('Folio / peer: 0.50×');
    expect(md).toContain('400 MiB while Folio ingested');
  });
});
