import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerSections } from './answer-report';
import { renderBarChart } from './bar-chart';
import { costTable } from './bench-cost';
import { BREAKDOWN_KEYS, BenchReport, BreakdownKey, RunReport } from './bench-report.types';
import type { MetricSummary } from './metrics';

export interface Table {
  header: string[];
  rows: string[][];
}

export const pct = (x: number) => (100 * x).toFixed(1);
const ms = (x: number) => x.toFixed(0);

/** The headline table: one row per run (strategy × rerank, and each peer); rates in %. */
export function metricTable(report: BenchReport): Table {
  return {
    header: [
      'run',
      'n',
      'hit@1',
      'hit@3',
      'hit@5',
      'R@1',
      'R@3',
      'R@5',
      'R@10',
      'P@3',
      'NDCG@3',
      'NDCG@5',
      'NDCG@10',
      'mean ms',
      'p95 ms',
      'errors',
    ],
    rows: report.runs.map((r) => {
      const m = r.overall;
      return [
        r.name,
        String(m.n),
        pct(m.hit[1]),
        pct(m.hit[3]),
        pct(m.hit[5]),
        pct(m.recall[1]),
        pct(m.recall[3]),
        pct(m.recall[5]),
        pct(m.recall[10]),
        pct(m.precision[3]),
        pct(m.ndcg[3]),
        pct(m.ndcg[5]),
        pct(m.ndcg[10]),
        ms(r.latency.meanMs),
        ms(r.latency.p95Ms),
        String(r.errors),
      ];
    }),
  };
}

const BREAKDOWN_TITLES: Record<BreakdownKey, string> = {
  dataset: 'By dataset',
  evidenceSource: 'By evidence source (a question counts under each of its sources)',
  documentKind: 'Scanned (image-only) vs born-digital PDFs',
  hops: 'By hop count (evidence pages; a multi-hop hit needs every hop)',
};

/** recall@3 / NDCG@3 per bucket and run. */
export function breakdownTable(report: BenchReport, key: BreakdownKey): Table {
  const buckets = [...new Set(report.runs.flatMap((r) => Object.keys(r.breakdowns[key])))].sort();
  const first = report.runs[0];
  return {
    header: [key, 'n', ...report.runs.map((r) => `${r.name} R@3 / NDCG@3 / hit@3`)],
    rows: buckets.map((b) => [
      b,
      String(first?.breakdowns[key][b]?.n ?? 0),
      ...report.runs.map((r) => {
        const m: MetricSummary | undefined = r.breakdowns[key][b];
        return m ? `${pct(m.recall[3])} / ${pct(m.ndcg[3])} / ${pct(m.hit[3])}` : '–';
      }),
    ]),
  };
}

/** MMDocIR layout recall@1/3/5 per run (Folio runs that cite elements; questions with evidence boxes). */
export function layoutTable(report: BenchReport): Table | null {
  const runs = report.runs.filter(
    (r): r is RunReport & { layout: NonNullable<RunReport['layout']> } => r.layout !== null && r.layout.n > 0,
  );
  if (runs.length === 0) return null;
  return {
    header: ['run', 'n', 'layout R@1', 'layout R@3', 'layout R@5'],
    rows: runs.map((r) => [
      r.name,
      String(r.layout.n),
      pct(r.layout.recall[1]),
      pct(r.layout.recall[3]),
      pct(r.layout.recall[5]),
    ]),
  };
}

/** One row per document: Folio's ingest time, then each peer's ingest time and chunk count. */
export function documentTable(report: BenchReport): Table {
  const peers = report.options.peers;
  return {
    header: [
      'pdf',
      'doc id',
      'pages',
      'questions',
      'folio ingest s',
      ...peers.flatMap((p) => [`${p} ingest s`, `${p} chunks`]),
    ],
    rows: report.documents.map((d) => [
      d.pdfName,
      d.docId ?? '–',
      d.pages === null ? '–' : String(d.pages),
      String(d.questions),
      d.folio.error ? 'FAILED' : d.folio.reused ? 'stored before' : (d.folio.ms / 1000).toFixed(1),
      ...peers.flatMap((p) => {
        const stats = d.peers[p];
        if (!stats) return ['–', '–'];
        return [stats.error ? 'FAILED' : (stats.ms / 1000).toFixed(1), String(stats.chunks)];
      }),
    ]),
  };
}

const escapeCell = (s: string) => s.replace(/\|/g, '\\|');

export function markdownTable(t: Table): string {
  const line = (cells: string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [line(t.header), line(t.header.map(() => '---')), ...t.rows.map(line)].join('\n');
}

export function renderMarkdown(report: BenchReport): string {
  const c = report.questionCounts;
  const skipped = Object.entries(c.skippedDocumentLevel).map(([d, n]) => `${n} ${d}`);
  const missing = Object.values(c.missingPdfs).reduce((s, n) => s + n, 0);
  const parts = [
    `# Folio retrieval benchmark`,
    '',
    `${report.createdAt} · questions \`${path.basename(report.questionsFile)}\` · k = ${report.options.k} · ` +
      `embedder ${report.environment.embeddingModel ?? 'unknown'} · ${report.environment.cpus} CPUs, Node ${report.environment.node}`,
    '',
    `Questions: ${c.used} used (${c.answerable} answerable scored for retrieval, ${c.unanswerable} unanswerable` +
      `${report.options.ask ? ' asked for detection' : ' left out'})` +
      (c.beyondLimit > 0 ? `; ${c.beyondLimit} beyond --limit` : '') +
      (skipped.length > 0 ? `; skipped without page labels: ${skipped.join(', ')}` : '') +
      (c.skippedByFilter > 0 ? `; ${c.skippedByFilter} filtered out by --datasets` : '') +
      (missing > 0 ? `; ${missing} whose PDF is missing` : '') +
      (c.invalidRows.length > 0
        ? `; ${c.invalidRows.length} with unusable labels (${c.invalidRows.map((r) => `line ${r.line}: ${r.reason}`).join('; ')})`
        : '') +
      '.',
    '',
    (report.options.scope === 'corpus'
      ? "Page-level metrics in %, each question asked over the whole ingested corpus (a hit needs its own document's evidence page). hit@k"
      : 'Page-level metrics in %, each question scoped to its own document. hit@k') +
      ' follows DOUBLE-BENCH (every evidence page ' +
      'of a multi-hop question must be retrieved); R = recall, P = precision; latency is one search call, wall clock.',
    '',
    markdownTable(metricTable(report)),
  ];
  for (const key of BREAKDOWN_KEYS)
    parts.push('', `## ${BREAKDOWN_TITLES[key]}`, '', markdownTable(breakdownTable(report, key)));
  const layout = layoutTable(report);
  if (layout)
    parts.push(
      '',
      '## Element-level evidence (MMDocIR layout recall)',
      '',
      "Share of a question's MMDocIR evidence boxes covered by the top k returned elements (pages best first, each " +
        "page's elements in the order the strategy gave them): an element covers a box on its page when their IoU is " +
        'at least 0.5 or the element lies inside it. In %.',
      '',
      markdownTable(layout),
    );
  parts.push('', '## Latency and cost per question', '', markdownTable(costTable(report)));
  for (const section of answerSections(report))
    parts.push('', `## ${section.title}`, '', section.note, '', markdownTable(section.table));
  parts.push('', '## Documents', '', markdownTable(documentTable(report)), '');
  return parts.join('\n');
}

export function renderRetrievalChart(report: BenchReport): Buffer {
  return renderBarChart(
    `Page recall@3 and NDCG@3 (${report.runs[0]?.overall.n ?? 0} questions)`,
    report.runs.map((r) => r.name),
    [
      { label: 'recall@3', color: '#3b6fb6', values: report.runs.map((r) => r.overall.recall[3]) },
      { label: 'NDCG@3', color: '#e08a2c', values: report.runs.map((r) => r.overall.ndcg[3]) },
    ],
  );
}

export interface WrittenReport {
  json: string;
  markdown: string;
  chart: string;
}

/** report.json, report.md and recall-ndcg.png into outDir (created when missing). */
export function writeRetrievalReport(report: BenchReport, outDir: string): WrittenReport {
  fs.mkdirSync(outDir, { recursive: true });
  const files = {
    json: path.join(outDir, 'report.json'),
    markdown: path.join(outDir, 'report.md'),
    chart: path.join(outDir, 'recall-ndcg.png'),
  };
  fs.writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(files.markdown, renderMarkdown(report));
  fs.writeFileSync(files.chart, renderRetrievalChart(report));
  return files;
}
