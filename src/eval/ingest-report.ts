import * as fs from 'node:fs';
import * as path from 'node:path';
import { INGEST_STAGES } from '../ingest/ingest.service';
import { markdownTable, pct, type Table } from './bench-report';
import type { IngestBenchReport } from './ingest-bench.types';

/** One row per document plus the overall row; stage times in seconds. */
export function ingestTable(report: IngestBenchReport): Table {
  const sec = (msValue: number | undefined) => (msValue === undefined ? '–' : (msValue / 1000).toFixed(1));
  const o = report.overall;
  return {
    header: [
      'file',
      'pages',
      'ocr pages',
      'elements',
      'passages',
      'total s',
      'pages/s',
      ...INGEST_STAGES.map((st) => `${st} s`),
    ],
    rows: [
      ...report.documents.map((d) =>
        d.error
          ? [d.file, '–', '–', '–', '–', d.seconds.toFixed(1), 'FAILED', ...INGEST_STAGES.map(() => '–')]
          : [
              d.file,
              String(d.pages),
              String(d.ocrPages),
              String(d.elements),
              String(d.passages ?? '–'),
              d.seconds.toFixed(1),
              d.pagesPerSecond.toFixed(2),
              ...INGEST_STAGES.map((st) => sec(d.timingsMs[st])),
            ],
      ),
      [
        `ALL (${o.documents} docs)`,
        String(o.pages),
        String(o.ocrPages),
        String(report.documents.reduce((s, d) => s + d.elements, 0)),
        String(report.documents.reduce((s, d) => s + (d.passages ?? 0), 0)),
        o.seconds.toFixed(1),
        o.pagesPerSecond.toFixed(2),
        ...INGEST_STAGES.map((st) => `${sec(o.stageMs[st])} (${pct(o.stageShare[st])}%)`),
      ],
    ],
  };
}

export function ingestSummaryLines(report: IngestBenchReport): string[] {
  const e = report.embeddingOnly;
  const o = report.overall;
  return [
    `Overall: ${o.pages} pages in ${o.seconds.toFixed(1)} s = ${o.pagesPerSecond.toFixed(2)} pages/s end to end (${report.environment.cpus} CPUs).`,
    o.ingestEmbedPassagesPerSecond === null
      ? 'Embed stage: nothing embedded.'
      : `Embed stage during ingestion: ${o.ingestEmbedPassagesPerSecond.toFixed(1)} texts/s.`,
    e
      ? `Embedding only (${e.modelName}, ${e.passages} element texts, mean ${e.meanTokens.toFixed(0)} tokens): ` +
        `${e.passagesPerSecond.toFixed(1)} passages/s, ${e.tokensPerSecond.toFixed(0)} tokens/s — the ceiling for the embed stage.`
      : 'Embedding only: no element texts to sample.',
    ...peerSummaryLines(report),
    `Peak RSS: ${report.peakRssMiB.toFixed(0)} MiB for the whole run, ${(report.folioPeakRssMiB ?? report.peakRssMiB).toFixed(0)} MiB while Folio ingested.` +
      (report.kept ? ' Documents kept (--keep).' : ' Benchmark documents deleted.'),
  ];
}

function peerSummaryLines(report: IngestBenchReport): string[] {
  const p = report.peer;
  if (!p) return [];
  const stages = Object.entries(p.stageMs)
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
    .join(', ');
  const failed = p.documents.filter((d) => d.error !== null).length;
  return [
    `Peer ${p.name} on the same PDFs in this run: ${p.pages} pages, ${p.chunks} chunks in ${p.seconds.toFixed(1)} s = ` +
      `${p.pagesPerSecond.toFixed(2)} pages/s (${stages})${failed ? `, ${failed} PDFs failed` : ''}; ` +
      `peak RSS while it ingested ${p.peakRssMiB.toFixed(0)} MiB.`,
    report.speedRatio === null
      ? 'Folio / peer: no peer pages.'
      : `Folio / peer: ${report.speedRatio.toFixed(2)}× the peer's pages/s.`,
  ];
}

export function renderIngestMarkdown(report: IngestBenchReport): string {
  return [
    '# Folio ingest benchmark',
    '',
    `${report.createdAt} · embedder ${report.environment.embeddingModel} · ${report.environment.cpus} CPUs, Node ${report.environment.node}`,
    '',
    markdownTable(ingestTable(report)),
    '',
    ...ingestSummaryLines(report).map((l) => `- ${l}`),
    '',
  ].join('\n');
}

/** ingest.json and ingest.md into outDir. */
export function writeIngestReport(
  report: IngestBenchReport,
  outDir: string,
): { json: string; markdown: string } {
  fs.mkdirSync(outDir, { recursive: true });
  const files = { json: path.join(outDir, 'ingest.json'), markdown: path.join(outDir, 'ingest.md') };
  fs.writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(files.markdown, renderIngestMarkdown(report));
  return files;
}
