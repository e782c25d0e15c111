import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mapWithConcurrency } from '../common/concurrency';
import { EmbeddingThroughput, measureEmbeddingThroughput } from '../embed/embed-throughput';
import { documentIdFor, firstOfEachContent } from '../ingest/document-id';
import { DOCUMENTS_IN_FLIGHT, INGEST_STAGES, IngestStage } from '../ingest/ingest.service';
import type {
  IngestBenchDeps,
  IngestBenchPeer,
  IngestBenchPeerDocument,
  IngestBenchPeerReport,
  IngestBenchOptions,
  IngestBenchDocument,
  IngestBenchReport,
} from './ingest-bench.types';

/** Benchmark ids of their own (`bench-<sha16>`), so the run does real work even when the PDFs are stored already. */
export function benchDocId(bytes: Uint8Array): string {
  return `bench-${documentIdFor(bytes).sha256.slice(0, 16)}`;
}

export function listPdfFiles(dir: string, limit?: number): string[] {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`No PDF folder at ${dir}: pass --pdfs DIR.`);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .sort()
    .map((f) => path.join(dir, f));
  return limit === undefined ? files : files.slice(0, limit);
}

/** The highest resident set size seen while `work` runs, sampled every 50 ms (maxRSS covers the whole process). */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMiB: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  timer.unref();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakRssMiB: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

const zeroStages = (): Record<IngestStage, number> =>
  Object.fromEntries(INGEST_STAGES.map((s) => [s, 0])) as Record<IngestStage, number>;

/** Ingests each PDF end to end (replace: true), then measures the embedder alone, then deletes what it made. */
export async function runIngestBench(
  allFiles: string[],
  opts: IngestBenchOptions,
  deps: IngestBenchDeps,
): Promise<IngestBenchReport> {
  const readPdf = deps.readPdf ?? ((f: string) => new Uint8Array(fs.readFileSync(f)));
  // Copies share a bench id: two in flight would collide, and one document would count twice.
  const { first, copies } = firstOfEachContent(allFiles, readPdf);
  for (const i of copies)
    deps.onWarning?.(`${path.basename(allFiles[i]!)}: the same bytes as an earlier file; measured once`);
  const files = first.map((i) => allFiles[i]!);
  const sampleSize = opts.sampleTextsPerDocument ?? 64;
  const documents: IngestBenchDocument[] = [];
  const sample: string[] = [];
  const created: string[] = [];
  try {
    const started = performance.now();
    const folio = await withPeakRss(() =>
      mapWithConcurrency(files, opts.concurrency ?? DOCUMENTS_IN_FLIGHT, async (file) => {
        const bytes = readPdf(file);
        const docId = benchDocId(bytes);
        const t0 = performance.now();
        let document: IngestBenchDocument;
        try {
          const result = await deps.ingester.ingest(bytes, {
            fileName: path.basename(file),
            docId,
            replace: true,
            onProgress: (p) => deps.onProgress?.(file, p.stage, p.done, p.total),
          });
          const seconds = (performance.now() - t0) / 1000;
          created.push(docId);
          document = {
            file: path.basename(file),
            docId,
            pages: result.counts.pages,
            ocrPages: result.counts.ocrPages,
            elements: result.counts.elements,
            passages: result.counts.passages,
            sections: result.counts.sections,
            seconds,
            pagesPerSecond: result.counts.pages / seconds,
            timingsMs: result.timingsMs,
            error: null,
          };
        } catch (err) {
          deps.onWarning?.(`${path.basename(file)}: ${(err as Error).message}`);
          document = {
            file: path.basename(file),
            docId,
            pages: 0,
            ocrPages: 0,
            elements: 0,
            passages: 0,
            sections: 0,
            seconds: (performance.now() - t0) / 1000,
            pagesPerSecond: 0,
            timingsMs: {},
            error: (err as Error).message,
          };
        }
        deps.onDocumentDone?.(file);
        return document;
      }),
    );
    documents.push(...folio.result);
    const folioSeconds = (performance.now() - started) / 1000;
    // Sampled after the timed run: benchmark reads are not Folio's ingestion time.
    for (const docId of created) sample.push(...(await deps.elementTexts(docId, sampleSize)));
    const peer = deps.peer ? await runPeer(deps.peer, files, readPdf, deps) : null;
    const embeddingOnly = sample.length > 0 ? await measureEmbeddingThroughput(deps.embedder, sample) : null;
    return buildIngestReport(documents, embeddingOnly, deps.embedder.modelName, opts.keep ?? false, {
      folioPeakRssMiB: folio.peakRssMiB,
      folioSeconds,
      peer,
    });
  } finally {
    if (!opts.keep) {
      for (const docId of created) {
        await deps.ingester.deleteDocument(docId).catch((err: unknown) => {
          deps.onWarning?.(`could not delete benchmark document ${docId}: ${(err as Error).message}`);
        });
      }
    }
  }
}

/** The peer ingests every PDF after Folio (same files, same run); it removes what it stored afterwards. */
async function runPeer(
  peer: IngestBenchPeer,
  files: string[],
  readPdf: (file: string) => Uint8Array,
  deps: IngestBenchDeps,
): Promise<IngestBenchPeerReport> {
  const documents: IngestBenchPeerDocument[] = [];
  try {
    const { peakRssMiB } = await withPeakRss(async () => {
      for (const [i, file] of files.entries()) {
        const t0 = performance.now();
        try {
          const done = await peer.ingestFile(file, benchDocId(readPdf(file)));
          const seconds = (performance.now() - t0) / 1000;
          documents.push({
            file: path.basename(file),
            ...done,
            seconds,
            pagesPerSecond: done.pages / seconds,
            error: null,
          });
        } catch (err) {
          deps.onWarning?.(`${peer.name} on ${path.basename(file)}: ${(err as Error).message}`);
          documents.push({
            file: path.basename(file),
            pages: 0,
            chunks: 0,
            stageMs: {},
            seconds: (performance.now() - t0) / 1000,
            pagesPerSecond: 0,
            error: (err as Error).message,
          });
        }
        deps.onPeerDocumentDone?.(file, i + 1, files.length);
      }
    });
    const ok = documents.filter((d) => d.error === null);
    const stageMs: Record<string, number> = {};
    for (const d of ok) for (const [k, v] of Object.entries(d.stageMs)) stageMs[k] = (stageMs[k] ?? 0) + v;
    const pages = ok.reduce((s, d) => s + d.pages, 0);
    const seconds = ok.reduce((s, d) => s + d.seconds, 0);
    return {
      name: peer.name,
      documents,
      pages,
      chunks: ok.reduce((s, d) => s + d.chunks, 0),
      seconds,
      pagesPerSecond: seconds === 0 ? 0 : pages / seconds,
      stageMs,
      peakRssMiB,
    };
  } finally {
    await peer
      .cleanup()
      .catch((err: unknown) => deps.onWarning?.(`${peer.name} cleanup: ${(err as Error).message}`));
  }
}

export function buildIngestReport(
  documents: IngestBenchDocument[],
  embeddingOnly: EmbeddingThroughput | null,
  embeddingModel: string,
  kept: boolean,
  extra: { folioPeakRssMiB?: number; folioSeconds?: number; peer?: IngestBenchPeerReport | null } = {},
): IngestBenchReport {
  const ok = documents.filter((d) => d.error === null);
  const stageMs = zeroStages();
  for (const d of ok) for (const s of INGEST_STAGES) stageMs[s] += d.timingsMs[s] ?? 0;
  const stageTotal = INGEST_STAGES.reduce((sum, s) => sum + stageMs[s], 0);
  const stageShare = zeroStages();
  for (const s of INGEST_STAGES) stageShare[s] = stageTotal === 0 ? 0 : stageMs[s] / stageTotal;
  const pages = ok.reduce((s, d) => s + d.pages, 0);
  // Documents overlap when several are in flight: the run's wall time, not the sum of per-document times.
  const seconds = extra.folioSeconds ?? ok.reduce((s, d) => s + d.seconds, 0);
  const embedded = ok.reduce((s, d) => s + d.passages + d.sections, 0);
  const pagesPerSecond = seconds === 0 ? 0 : pages / seconds;
  const peer = extra.peer ?? null;
  return {
    kind: 'ingest',
    createdAt: new Date().toISOString(),
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      embeddingModel,
    },
    documents,
    overall: {
      documents: ok.length,
      pages,
      ocrPages: ok.reduce((s, d) => s + d.ocrPages, 0),
      seconds,
      pagesPerSecond,
      stageMs,
      stageShare,
      ingestEmbedPassagesPerSecond: stageMs.embed === 0 ? null : embedded / (stageMs.embed / 1000),
    },
    embeddingOnly,
    // maxRSS is in kilobytes
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    folioPeakRssMiB: extra.folioPeakRssMiB ?? process.resourceUsage().maxRSS / 1024,
    peer,
    speedRatio: peer && peer.pagesPerSecond > 0 ? pagesPerSecond / peer.pagesPerSecond : null,
    kept,
  };
}
