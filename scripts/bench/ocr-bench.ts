// OCR speed and quality on real pages, run in-process (no Neo4j): born-digital dev pages are rendered to images
// as ingest renders scans, OCRed, and the text compared with the page's own text layer (character-bigram F1, see
// src/ingest/ocr/text-agreement.ts); pages of the scanned dev decks are timed and their text compared with the
// first variant's. Variants run back to back on every page (in rotating order), so their time ratio holds up
// under the load of a shared machine even when absolute seconds do not.
//
//   npm run bench:ocr -- [--pages 24] [--scanned-pages 21] [--variants baseline,current,current:det=960]
//                        [--baseline-ref main] [--pdfs ../shared/bench/pdfs] [--out bench-results/ocr]
//
// A variant is `current` (this checkout's engine) or `baseline` (the engine of --baseline-ref, extracted with
// `git show` under OUT/engines/), optionally with `:key=value` settings joined by `+`: det (detection longest
// side, px), threads (worker threads per model; intra-op threads in engines before the worker pool), and, for
// engines that have them, batch (recognition batch size), minw (recognition width floor, px) and fuse (0: load
// the models as shipped, without onnx-graph-fusion.ts).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getPdfPage, openPdfDocument, type PDFDocumentProxy } from '../../src/ingest/pdfjs-loader';
import { renderPdfPagePixels } from '../../src/ingest/render/page-renderer';
import { DEFAULT_OCR_LONGEST_SIDE_PX, ocrRenderScale } from '../../src/ingest/ocr/ocr-page';
import type * as CurrentEngine from '../../src/ingest/ocr/paddle-ocr';
import { findScanFigures } from '../../src/ingest/ocr/scan-figures';
import { boldLines } from '../../src/ingest/ocr/stroke-weight';
import { characterBigramAgreement } from '../../src/ingest/ocr/text-agreement';
import { benchDocuments } from './captions-documents';

type EngineModule = typeof CurrentEngine;
type Engine = CurrentEngine.PaddleOcr;
type Pixels = CurrentEngine.RgbaImage;

interface Args {
  pages: number;
  scannedPages: number;
  variants: string[];
  baselineRef: string;
  questions: string;
  pdfs: string;
  out: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    pages: 24,
    scannedPages: 21,
    variants: ['baseline', 'current'],
    baselineRef: 'main',
    questions: '../shared/bench/dev-questions.jsonl',
    pdfs: '../shared/bench/pdfs',
    out: 'bench-results/ocr',
  };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    switch (flag) {
      case '--pages':
        args.pages = Number(value);
        break;
      case '--scanned-pages':
        args.scannedPages = Number(value);
        break;
      case '--variants':
        args.variants = value.split(',').filter(Boolean);
        break;
      case '--baseline-ref':
        args.baselineRef = value;
        break;
      case '--questions':
        args.questions = value;
        break;
      case '--pdfs':
        args.pdfs = value;
        break;
      case '--out':
        args.out = value;
        break;
      default:
        throw new Error(`unknown option ${flag}; see the header of scripts/bench/ocr-bench.ts`);
    }
  }
  return args;
}

interface VariantSpec {
  name: string;
  source: 'current' | 'baseline';
  detectionMaxSide?: number;
  threads?: number;
  batch?: number;
  minWidth?: number;
  fuse?: boolean;
}

function parseVariant(name: string): VariantSpec {
  const [source, settings = ''] = name.split(':');
  if (source !== 'current' && source !== 'baseline') throw new Error(`variant ${name}: current or baseline`);
  const spec: VariantSpec = { name, source };
  for (const setting of settings.split('+').filter(Boolean)) {
    const [key, raw] = setting.split('=');
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`variant ${name}: bad value in ${setting}`);
    if (key === 'det') spec.detectionMaxSide = value;
    else if (key === 'threads') spec.threads = value;
    else if (key === 'batch') spec.batch = value;
    else if (key === 'minw') spec.minWidth = value;
    else if (key === 'fuse') spec.fuse = value !== 0;
    else throw new Error(`variant ${name}: unknown setting ${key} (det, threads, batch, minw, fuse)`);
  }
  return spec;
}

/** The `src/` tree of `ref`, extracted under `dir` so its engine imports the same node_modules as this checkout. */
async function loadEngineAt(ref: string, dir: string): Promise<{ module: EngineModule; commit: string }> {
  const commit = execFileSync('git', ['rev-parse', ref], { encoding: 'utf8' }).trim();
  const target = path.resolve(dir, commit.slice(0, 12));
  if (!fs.existsSync(path.join(target, 'src'))) {
    fs.mkdirSync(target, { recursive: true });
    const archive = execFileSync('git', ['archive', commit, 'src'], { maxBuffer: 1 << 28 });
    execFileSync('tar', ['-x', '-C', target], { input: archive });
  }
  const entry = path.join(target, 'src', 'ingest', 'ocr', 'paddle-ocr.ts');
  return { module: (await import(entry)) as EngineModule, commit };
}

interface Variant {
  spec: VariantSpec;
  engine: Engine;
  /** Seconds spent in `detect` by the current page's recognize() call. */
  detectSeconds: number;
  /** Seconds spent inside the recognition model's run() by the current page's recognize() call. */
  recognitionInferenceSeconds: number;
}

/** Wraps the instance's `detect` (which `recognize` calls) to time detection without touching the engine. */
function timeDetection(variant: Variant): void {
  const detect = variant.engine.detect.bind(variant.engine);
  variant.engine.detect = async (...args: Parameters<Engine['detect']>) => {
    const started = performance.now();
    try {
      return await detect(...args);
    } finally {
      variant.detectSeconds += (performance.now() - started) / 1000;
    }
  };
  // The recogniser session is private; reaching it here keeps timing code out of the engine.
  const session = (
    variant.engine as unknown as { recognizer: { run: (...a: unknown[]) => Promise<unknown> } }
  ).recognizer;
  const run = session.run.bind(session);
  session.run = async (...args: unknown[]) => {
    const started = performance.now();
    try {
      return await run(...args);
    } finally {
      variant.recognitionInferenceSeconds += (performance.now() - started) / 1000;
    }
  };
}

interface BenchPage {
  fileName: string;
  page: number;
  scanned: boolean;
  widthPt: number;
  heightPt: number;
  /** The text layer (born-digital pages only). */
  reference: string;
}

async function textLayer(doc: PDFDocumentProxy, pageNumber: number): Promise<string> {
  const content = await (await getPdfPage(doc, pageNumber)).getTextContent();
  return content.items
    .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
    .join('')
    .trim();
}

/** `count` page numbers spread evenly over 1..pageCount (never the cover, often a title only). */
function spreadPages(pageCount: number, count: number): number[] {
  const pages = new Set<number>();
  for (let k = 1; k <= count; k++) pages.add(Math.max(1, Math.round((k * pageCount) / (count + 1))));
  return [...pages];
}

/** Every k-th document, `perDocument` pages each, until `total` pages: born-digital ones need ≥ 300 chars. */
async function choosePages(args: Args, scanned: boolean, total: number): Promise<BenchPage[]> {
  if (total <= 0) return [];
  const documents = benchDocuments(args.questions).filter((d) => d.imageOnly === scanned);
  const perDocument = scanned ? 3 : 2;
  const wanted = Math.min(documents.length, Math.ceil(total / perDocument));
  const step = documents.length / wanted;
  const chosen: BenchPage[] = [];
  for (let k = 0; k < wanted && chosen.length < total; k++) {
    const document = documents[Math.floor(k * step)]!;
    const doc = await openPdfDocument(
      new Uint8Array(fs.readFileSync(path.join(args.pdfs, document.fileName))),
    );
    try {
      let taken = 0;
      for (const pageNumber of spreadPages(doc.numPages, perDocument * 3)) {
        if (taken === perDocument || chosen.length === total) break;
        const reference = scanned ? '' : await textLayer(doc, pageNumber);
        if (!scanned && reference.replace(/\s/g, '').length < 300) continue;
        const { width, height } = (await getPdfPage(doc, pageNumber)).getViewport({ scale: 1 });
        chosen.push({
          fileName: document.fileName,
          page: pageNumber,
          scanned,
          widthPt: width,
          heightPt: height,
          reference,
        });
        taken++;
      }
    } finally {
      await doc.destroy();
    }
  }
  return chosen;
}

interface PageRun {
  variant: string;
  detectionSeconds: number;
  recognitionSeconds: number;
  /** Of recognitionSeconds, the time inside the model (the rest is cropping, tensors and decoding). */
  recognitionInferenceSeconds: number;
  ocrSeconds: number;
  /** Process CPU time (all threads, user + system) during the OCR call: robust to load, unlike wall time. */
  ocrCpuSeconds: number;
  characters: number;
  /** Against the text layer (born-digital) or against the first variant's reading (scanned). */
  agreement: { recall: number; precision: number; f1: number };
}

interface PageResult {
  fileName: string;
  page: number;
  scanned: boolean;
  renderSeconds: number;
  /** Scan figures and bold measurement, as ingest runs them after OCR (once per page, on the first reading). */
  layoutSeconds: number;
  runs: PageRun[];
}

async function benchPage(
  page: BenchPage,
  args: Args,
  variants: Variant[],
  turn: number,
): Promise<PageResult> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(args.pdfs, page.fileName)));
  const doc = await openPdfDocument(bytes);
  let rendered;
  const renderStarted = performance.now();
  try {
    rendered = await renderPdfPagePixels(doc, page.page, {
      scale: ocrRenderScale(page.widthPt, page.heightPt, DEFAULT_OCR_LONGEST_SIDE_PX),
      maxPixels: DEFAULT_OCR_LONGEST_SIDE_PX * DEFAULT_OCR_LONGEST_SIDE_PX,
    });
  } finally {
    await doc.destroy();
  }
  const renderSeconds = (performance.now() - renderStarted) / 1000;
  const pixels: Pixels = { data: rendered.rgba, width: rendered.width, height: rendered.height };

  const texts = new Map<string, string>();
  const runs: PageRun[] = [];
  let layoutSeconds = 0;
  // Rotate who goes first so no variant always gets the warm (or the cold) cache.
  const order = variants.map((_, i) => variants[(i + turn) % variants.length]!);
  for (const variant of order) {
    variant.detectSeconds = 0;
    variant.recognitionInferenceSeconds = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const lines = await variant.engine.recognize(pixels, {
      ...(variant.spec.detectionMaxSide ? { detectionMaxSide: variant.spec.detectionMaxSide } : {}),
    });
    const ocrSeconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const text = lines.map((line) => line.text).join('\n');
    texts.set(variant.spec.name, text);
    if (runs.length === 0) {
      const layoutStarted = performance.now();
      const boxes = lines.map((line) => line.box);
      findScanFigures(pixels, boxes);
      boldLines(pixels, boxes);
      layoutSeconds = (performance.now() - layoutStarted) / 1000;
    }
    runs.push({
      variant: variant.spec.name,
      detectionSeconds: variant.detectSeconds,
      recognitionSeconds: ocrSeconds - variant.detectSeconds,
      recognitionInferenceSeconds: variant.recognitionInferenceSeconds,
      ocrSeconds,
      ocrCpuSeconds: (cpu.user + cpu.system) / 1e6,
      characters: text.length,
      agreement: { recall: 0, precision: 0, f1: 0 },
    });
  }
  const firstText = texts.get(variants[0]!.spec.name) ?? '';
  for (const run of runs) {
    const text = texts.get(run.variant) ?? '';
    run.agreement = characterBigramAgreement(page.scanned ? firstText : page.reference, text);
  }
  runs.sort(
    (a, b) =>
      variants.findIndex((v) => v.spec.name === a.variant) -
      variants.findIndex((v) => v.spec.name === b.variant),
  );
  return {
    fileName: page.fileName,
    page: page.page,
    scanned: page.scanned,
    renderSeconds,
    layoutSeconds,
    runs,
  };
}

interface VariantSummary {
  variant: string;
  pages: number;
  renderSecondsPerPage: number;
  layoutSecondsPerPage: number;
  detectionSecondsPerPage: number;
  recognitionSecondsPerPage: number;
  recognitionInferenceSecondsPerPage: number;
  ocrSecondsPerPage: number;
  ocrCpuSecondsPerPage: number;
  /** render + OCR + layout: what ingest spends per scanned page. */
  pageSecondsPerPage: number;
  /** OCR time relative to the first variant, on the same pages in the same run. */
  ocrTimeRatio: number;
  /** The same for OCR CPU time. */
  ocrCpuRatio: number;
  meanF1: number;
  meanRecall: number;
  meanPrecision: number;
}

function summarise(results: PageResult[], variantNames: string[]): VariantSummary[] {
  const mean = (values: number[]): number =>
    values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
  const runsOf = (name: string): PageRun[] =>
    results.map((r) => r.runs.find((run) => run.variant === name)).filter((r): r is PageRun => !!r);
  const firstOcr = runsOf(variantNames[0]!).reduce((sum, r) => sum + r.ocrSeconds, 0);
  const firstCpu = runsOf(variantNames[0]!).reduce((sum, r) => sum + r.ocrCpuSeconds, 0);
  const render = mean(results.map((r) => r.renderSeconds));
  const layout = mean(results.map((r) => r.layoutSeconds));
  return variantNames.map((name) => {
    const runs = runsOf(name);
    const ocr = mean(runs.map((r) => r.ocrSeconds));
    return {
      variant: name,
      pages: runs.length,
      renderSecondsPerPage: render,
      layoutSecondsPerPage: layout,
      detectionSecondsPerPage: mean(runs.map((r) => r.detectionSeconds)),
      recognitionSecondsPerPage: mean(runs.map((r) => r.recognitionSeconds)),
      recognitionInferenceSecondsPerPage: mean(runs.map((r) => r.recognitionInferenceSeconds)),
      ocrSecondsPerPage: ocr,
      ocrCpuSecondsPerPage: mean(runs.map((r) => r.ocrCpuSeconds)),
      pageSecondsPerPage: render + ocr + layout,
      ocrTimeRatio: runs.reduce((sum, r) => sum + r.ocrSeconds, 0) / firstOcr,
      ocrCpuRatio: runs.reduce((sum, r) => sum + r.ocrCpuSeconds, 0) / firstCpu,
      meanF1: mean(runs.map((r) => r.agreement.f1)),
      meanRecall: mean(runs.map((r) => r.agreement.recall)),
      meanPrecision: mean(runs.map((r) => r.agreement.precision)),
    };
  });
}

function table(title: string, summaries: VariantSummary[], agreementLabel: string): string {
  const f = (n: number, digits = 3): string => n.toFixed(digits);
  const rows = summaries.map(
    (s) =>
      `| ${s.variant} | ${s.pages} | ${f(s.renderSecondsPerPage)} | ${f(s.detectionSecondsPerPage)} | ${f(s.recognitionSecondsPerPage)} (${f(s.recognitionInferenceSecondsPerPage)}) | ${f(s.layoutSecondsPerPage)} | **${f(s.ocrSecondsPerPage)}** | ${f(s.ocrCpuSecondsPerPage)} | ${f(s.pageSecondsPerPage)} | ${f(s.ocrTimeRatio, 2)} | ${f(s.ocrCpuRatio, 2)} | ${f(s.meanF1)} (${f(s.meanRecall)} / ${f(s.meanPrecision)}) |`,
  );
  return [
    `### ${title}`,
    '',
    `| variant | pages | render s | detection s | recognition s (in model) | layout s | OCR s/page | OCR CPU s/page | page s | OCR time ÷ first | OCR CPU ÷ first | ${agreementLabel} F1 (recall / precision) |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const specs = args.variants.map(parseVariant);
  fs.mkdirSync(args.out, { recursive: true });
  const current: EngineModule = await import('../../src/ingest/ocr/paddle-ocr');
  const baseline = specs.some((s) => s.source === 'baseline')
    ? await loadEngineAt(args.baselineRef, path.join(args.out, 'engines'))
    : undefined;
  const variants: Variant[] = [];
  for (const spec of specs) {
    const module = spec.source === 'baseline' ? baseline!.module : current;
    const options: CurrentEngine.PaddleOcrLoadOptions = {};
    if (spec.threads) options.threads = spec.threads;
    if (spec.batch) options.recognitionBatchSize = spec.batch;
    if (spec.minWidth !== undefined) options.recognitionMinWidth = spec.minWidth;
    if (spec.fuse !== undefined) options.fuseGraph = spec.fuse;
    const variant: Variant = {
      spec,
      engine: await module.PaddleOcr.load(options),
      detectSeconds: 0,
      recognitionInferenceSeconds: 0,
    };
    timeDetection(variant);
    variants.push(variant);
  }

  const bornDigital = await choosePages(args, false, args.pages);
  const scanned = await choosePages(args, true, args.scannedPages);
  console.log(
    `${bornDigital.length} born-digital and ${scanned.length} scanned pages; variants ${args.variants.join(', ')}`,
  );
  // Warm-up: the first run of a session allocates its arenas; keep it out of the numbers.
  const warmUp = bornDigital[0] ?? scanned[0];
  if (warmUp) await benchPage(warmUp, args, variants, 0);

  const results: PageResult[] = [];
  const all = [...bornDigital, ...scanned];
  for (const [index, page] of all.entries()) {
    const result = await benchPage(page, args, variants, index);
    results.push(result);
    const cells = result.runs.map(
      (r) =>
        `${r.variant} ${r.ocrSeconds.toFixed(2)}s (cpu ${r.ocrCpuSeconds.toFixed(2)}s) F1 ${r.agreement.f1.toFixed(3)}`,
    );
    console.log(
      `[${index + 1}/${all.length}] ${page.fileName} p${page.page}: render ${result.renderSeconds.toFixed(2)}s; ${cells.join('; ')}`,
    );
  }
  for (const variant of variants) await variant.engine.close();

  const bornDigitalSummary = summarise(
    results.filter((r) => !r.scanned),
    args.variants,
  );
  const scannedSummary = summarise(
    results.filter((r) => r.scanned),
    args.variants,
  );
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const report = {
    createdAt: new Date().toISOString(),
    command: `npm run bench:ocr -- ${process.argv.slice(2).join(' ')}`,
    baselineCommit: baseline?.commit,
    loadAverage: (await import('node:os')).loadavg(),
    agreement:
      'character-bigram F1 on NFKC, lower-cased, whitespace-collapsed text (src/ingest/ocr/text-agreement.ts)',
    renderLongestSidePx: DEFAULT_OCR_LONGEST_SIDE_PX,
    bornDigital: bornDigitalSummary,
    scanned: scannedSummary,
    pages: results,
  };
  const markdown = [
    `# OCR bench ${report.createdAt}`,
    '',
    `\`${report.command}\`; baseline ${report.baselineCommit ?? '—'}; load average ${report.loadAverage.map((n) => n.toFixed(2)).join(' ')}.`,
    'Shared machine: absolute seconds are upper bounds; the ratio column compares variants run back to back on each page.',
    '',
    table(
      'Born-digital pages rendered as scans (agreement with the text layer)',
      bornDigitalSummary,
      'text-layer',
    ),
    table("Scanned dev decks (agreement with the first variant's reading)", scannedSummary, 'first-variant'),
  ].join('\n');
  fs.writeFileSync(path.join(args.out, `ocr-bench-${stamp}.json`), JSON.stringify(report, null, 2));
  fs.writeFileSync(path.join(args.out, `ocr-bench-${stamp}.md`), markdown);
  console.log(`\n${markdown}\nwritten to ${path.join(args.out, `ocr-bench-${stamp}.{json,md}`)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
