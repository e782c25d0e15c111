import * as fs from 'node:fs';
import * as os from 'node:os';
import type { IngestOptions, IngestResult } from '../ingest/ingest.service';
import { addCosts, type RetrievalCost } from '../retrieve/evidence-step';
import type {
  AskResult,
  SearchRequest,
  SearchResult,
  SearchScope,
  Strategy,
  TraceOptions,
} from '../retrieve/retrieve.types';
import type { AnswerGrader, GradeSummary } from './answer-grader';
import { type AnswerJudges, type AskRow, judgeAnswer, summarizeAnswers } from './answer-judging';
import type { CitedElementReader, TrustSummary } from './answer-trust';
import type { BenchQuestion, BenchQuestionSet } from './bench-questions';
import { LayoutAtK, layoutRecall, LayoutSummary, RankedElement, summarizeLayout } from './layout-metrics';
import {
  CUTOFFS,
  hopsFromPages,
  latencySummary,
  LatencySummary,
  MetricSummary,
  PageRef,
  QuestionMetrics,
  scoreQuestion,
  summarize,
  UnanswerableDetection,
} from './metrics';

/** What the runner needs of RetrieveService (the retrieval contract). */
export interface BenchRetriever {
  search(req: SearchRequest): Promise<SearchResult>;
}

/** What the runner needs of AskService (answers, measured with --ask). */
export interface BenchAsker {
  ask(
    question: string,
    opts: { strategy?: Strategy; scope?: SearchScope; rerank?: boolean },
  ): Promise<AskResult>;
}

/** What the runner needs of IngestService. */
export interface BenchIngester {
  ingest(bytes: Uint8Array, opts: IngestOptions): Promise<IngestResult>;
}

export interface PeerDocument {
  docId: string;
  pdfPath: string;
  pdfName: string;
}

export interface PeerIngestStats {
  docId: string;
  ms: number;
  /** Pages the peer's loader produced text for. */
  pages: number;
  chunks: number;
  error?: string;
}

/** A retrieval system outside Folio, measured on the same questions with the same metrics. */
export interface PeerRetriever {
  readonly name: string;
  /** Loads, chunks, embeds and stores the documents; one stats row per document. */
  prepare(
    docs: PeerDocument[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<PeerIngestStats[]>;
  /** Ranked pages for a query within one document. */
  search(query: string, docId: string, k: number): Promise<PageRef[]>;
  /** Removes everything the peer stored. */
  cleanup(): Promise<void>;
}

export type BreakdownKey = 'dataset' | 'evidenceSource' | 'documentKind' | 'hops';
export const BREAKDOWN_KEYS: BreakdownKey[] = ['dataset', 'evidenceSource', 'documentKind', 'hops'];

/** TRACE's Table 6 ablations, each a run of its own next to full TRACE. */
export const TRACE_ABLATIONS = ['no-decomposition', 'no-semantic', 'no-physical'] as const;
export type TraceAblation = (typeof TRACE_ABLATIONS)[number];
const ABLATION_OPTIONS: Record<TraceAblation, TraceOptions> = {
  'no-decomposition': { decomposition: false },
  'no-semantic': { semanticEdges: false },
  'no-physical': { physicalEdges: false },
};

/** document: each question scoped to its own document; corpus: asked over every ingested document. */
export type BenchScope = 'document' | 'corpus';

export interface RunReport {
  /** e.g. VECTOR, VECTOR+RERANK, TRACE-no-semantic, HYBRID@corpus, peer:langchain-neo4j-vector */
  name: string;
  system: 'folio' | 'peer';
  strategy: Strategy | null;
  rerank: boolean;
  traceAblation?: TraceAblation | null;
  scope?: BenchScope;
  /** Summed over the run's questions (folio runs; peers report none). */
  cost?: RetrievalCost | null;
  overall: MetricSummary;
  breakdowns: Record<BreakdownKey, Record<string, MetricSummary>>;
  latency: LatencySummary;
  /** MMDocIR layout recall@1/3/5 over the returned elements; null for runs that return pages only (peers). */
  layout: LayoutSummary | null;
  errors: number;
  /** With --ask: AskResult.answerable against the gold flag, unanswerable = positive. */
  unanswerable: UnanswerableDetection | null;
  answers: GradeSummary | null;
  /** The second grader's figures (`--grader both`), reported beside `answers`. */
  comparisonAnswers?: GradeSummary | null;
  /** Grounded, cites evidence when found, cites a page judged irrelevant (with --ask). */
  trust?: TrustSummary | null;
  askLatency: LatencySummary | null;
}

export interface QuestionRow {
  run: string;
  qid: string;
  dataset: string;
  pdfName: string;
  docId: string | null;
  answerable: boolean;
  evidencePages: number[];
  evidenceSources: string[];
  imageOnly: boolean;
  /** The dataset's answer format (MMLongBench-Doc: Str, Int, Float, List, None), when it gives one. */
  answerFormat?: string | null;
  /** Retrieved page numbers, best first (pages of other documents shown as docId#page). */
  ranked: (number | string)[];
  metrics: QuestionMetrics | null;
  /** Layout recall of the returned elements, for questions with evidence boxes (MMDocIR). */
  layout: LayoutAtK | null;
  latencyMs: number | null;
  /** What the search cost (folio runs). */
  cost?: RetrievalCost | null;
  error: string | null;
  ask: AskRow | null;
}

export interface DocumentRow {
  pdfName: string;
  docId: string | null;
  pages: number | null;
  questions: number;
  folio: { reused: boolean; ms: number; timingsMs: IngestResult['timingsMs']; error: string | null };
  /** By peer name; a peer that did not prepare this document has no entry. */
  peers: Record<string, PeerIngestStats>;
}

export interface BenchReport {
  kind: 'retrieval';
  createdAt: string;
  questionsFile: string;
  pdfDir: string;
  options: {
    strategies: Strategy[];
    rerank: boolean[];
    k: number;
    ask: boolean;
    peers: string[];
    limit: number | null;
    datasets: string[] | null;
    traceAblations?: TraceAblation[];
    scope?: BenchScope;
  };
  environment: { node: string; platform: string; cpus: number; embeddingModel: string | null };
  questionCounts: {
    inFile: number;
    used: number;
    answerable: number;
    unanswerable: number;
    skippedDocumentLevel: Record<string, number>;
    skippedByFilter: number;
    missingPdfs: Record<string, number>;
    invalidRows: BenchQuestionSet['invalidRows'];
    beyondLimit: number;
  };
  documents: DocumentRow[];
  runs: RunReport[];
  questions: QuestionRow[];
}

export interface BenchRunOptions {
  strategies: Strategy[];
  /** Each strategy runs once per entry: false = as is, true = with the cross-encoder RERANK stage. */
  rerank: boolean[];
  /** Pages retrieved per question (metrics go up to @10). */
  k?: number;
  limit?: number;
  datasets?: string[];
  /** Also ask each question (unanswerable ones included) and grade the answers. */
  ask?: boolean;
  embeddingModel?: string;
  /** Extra TRACE runs, each with one layer switched off. */
  traceAblations?: TraceAblation[];
  /** 'corpus': every question over the whole ingested corpus; a hit needs its own document's evidence page. */
  scope?: BenchScope;
}

export interface BenchDeps {
  ingester: BenchIngester;
  retriever: BenchRetriever;
  asker: BenchAsker;
  grader: AnswerGrader;
  /** A second grader reported beside the first (`--grader both`). */
  comparisonGrader?: AnswerGrader;
  /** Reads the cited elements' stored text, for the grounded check; without it grounded is not measured. */
  citedElements?: CitedElementReader;
  /** Systems outside Folio measured on the same questions, each reported as `peer:<name>`. */
  peers?: PeerRetriever[];
  readPdf?: (pdfPath: string) => Uint8Array;
  /** Progress of the current stage: ingest, each peer's ingest, then one stage per run. */
  onProgress?: (stage: string, done: number, total: number, unit: string) => void;
  /** Problems worth telling the user about that do not stop the run. */
  onWarning?: (message: string) => void;
  /**
   * Called before each timed search or ask to empty the caches that outlive a question (query vectors, the TRACE
   * judge's scores), so that each pays for its embedding and judging as a new question would.
   */
  forgetCaches?: () => void;
}

export const runName = (strategy: Strategy, rerank: boolean) => (rerank ? `${strategy}+RERANK` : strategy);

interface RunVariant {
  name: string;
  strategy: Strategy;
  rerank: boolean;
  trace?: TraceOptions;
  ablation: TraceAblation | null;
}

/** strategy × rerank, then one TRACE run per ablation (TRACE ignores rerank); names end in @corpus there. */
export function runVariants(opts: BenchRunOptions): RunVariant[] {
  const suffix = opts.scope === 'corpus' ? '@corpus' : '';
  const variants: RunVariant[] = opts.strategies.flatMap((strategy) =>
    opts.rerank.map((rerank) => ({
      name: runName(strategy, rerank) + suffix,
      strategy,
      rerank,
      ablation: null,
    })),
  );
  for (const ablation of opts.traceAblations ?? []) {
    variants.push({
      name: `TRACE-${ablation}${suffix}`,
      strategy: 'TRACE',
      rerank: false,
      trace: ABLATION_OPTIONS[ablation],
      ablation,
    });
  }
  return variants;
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Ingests the questions' PDFs once, runs every question through every strategy variant (and the peers) scoped to its
 * own document, and scores the ranked pages. Unanswerable questions are left out of the page metrics; with `ask`
 * they are asked and scored for unanswerable detection.
 */
export async function runRetrievalBench(
  set: BenchQuestionSet,
  opts: BenchRunOptions,
  deps: BenchDeps,
): Promise<BenchReport> {
  const k = opts.k ?? Math.max(...CUTOFFS);
  const questions = opts.limit !== undefined ? set.questions.slice(0, opts.limit) : set.questions;
  const progress = deps.onProgress ?? (() => undefined);
  const warn = deps.onWarning ?? (() => undefined);
  const readPdf = deps.readPdf ?? ((p: string) => new Uint8Array(fs.readFileSync(p)));

  const documents = await ingestDocuments(questions, deps.ingester, readPdf, progress, warn);
  const docIdOf = new Map(documents.map((d) => [d.pdfName, d.docId]));

  const peers = deps.peers ?? [];
  const ready = documents.filter((d): d is DocumentRow & { docId: string } => d.docId !== null);
  const pdfPathOf = new Map(questions.map((q) => [q.pdfName, q.pdfPath]));
  for (const peer of peers) {
    const stats = await peer.prepare(
      ready.map((d) => ({ docId: d.docId, pdfName: d.pdfName, pdfPath: pdfPathOf.get(d.pdfName) ?? '' })),
      (done, total) => progress(`peer:${peer.name} ingest`, done, total, 'docs'),
    );
    for (const s of stats) {
      const row = documents.find((d) => d.docId === s.docId);
      if (row) row.peers[peer.name] = s;
      if (s.error) warn(`peer ${peer.name} could not load ${row?.pdfName ?? s.docId}: ${s.error}`);
    }
  }

  const runs: RunReport[] = [];
  const rows: QuestionRow[] = [];
  const judges: AnswerJudges = {
    grader: deps.grader,
    comparison: deps.comparisonGrader ?? null,
    citedElements: deps.citedElements ?? null,
  };
  const scope = opts.scope ?? 'document';
  // Corpus scope asks over every document: the question's own document only decides what counts as a hit.
  const scopeOf = (docId: string): SearchScope => (scope === 'corpus' ? {} : { docIds: [docId] });
  for (const variant of runVariants(opts)) {
    const { name, strategy, rerank } = variant;
    const forget = deps.forgetCaches ?? (() => undefined);
    const search = (q: BenchQuestion, docId: string) => {
      forget();
      return deps.retriever
        .search({ query: q.question, strategy, scope: scopeOf(docId), k, rerank, trace: variant.trace })
        .then((r): Ranking => rankingOf(r));
    };
    const ask = opts.ask
      ? (q: BenchQuestion, docId: string) => {
          forget();
          return deps.asker.ask(q.question, { strategy, scope: scopeOf(docId), rerank });
        }
      : null;
    const runRows = await runQuestions(name, questions, docIdOf, search, ask, judges, progress);
    rows.push(...runRows);
    const run = buildRunReport(name, 'folio', strategy, rerank, runRows, opts.ask ? judges : null);
    runs.push({
      ...run,
      traceAblation: variant.ablation,
      scope,
      cost: addCosts(runRows.flatMap((r) => (r.cost ? [r.cost] : []))),
    });
  }
  for (const peer of peers) {
    const name = `peer:${peer.name}`;
    const runRows = await runQuestions(
      name,
      questions,
      docIdOf,
      async (q, docId) => ({ pages: await peer.search(q.question, docId, k), elements: null, cost: null }),
      null,
      judges,
      progress,
    );
    rows.push(...runRows);
    runs.push(buildRunReport(name, 'peer', null, false, runRows, null));
  }

  return {
    kind: 'retrieval',
    createdAt: new Date().toISOString(),
    questionsFile: set.file,
    pdfDir: set.pdfDir,
    options: {
      strategies: opts.strategies,
      rerank: opts.rerank,
      k,
      ask: opts.ask ?? false,
      peers: peers.map((p) => p.name),
      limit: opts.limit ?? null,
      datasets: opts.datasets ?? null,
      traceAblations: opts.traceAblations ?? [],
      scope,
    },
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      embeddingModel: opts.embeddingModel ?? null,
    },
    questionCounts: {
      inFile: set.total,
      used: questions.length,
      answerable: questions.filter((q) => q.answerable).length,
      unanswerable: questions.filter((q) => !q.answerable).length,
      skippedDocumentLevel: set.skippedDocumentLevel,
      skippedByFilter: set.skippedByFilter,
      missingPdfs: set.missingPdfs,
      invalidRows: set.invalidRows,
      beyondLimit: set.questions.length - questions.length,
    },
    documents,
    runs,
    questions: rows,
  };
}

async function ingestDocuments(
  questions: BenchQuestion[],
  ingester: BenchIngester,
  readPdf: (p: string) => Uint8Array,
  progress: NonNullable<BenchDeps['onProgress']>,
  warn: (m: string) => void,
): Promise<DocumentRow[]> {
  const byPdf = new Map<string, BenchQuestion[]>();
  for (const q of questions) byPdf.set(q.pdfName, [...(byPdf.get(q.pdfName) ?? []), q]);
  const documents: DocumentRow[] = [];
  let done = 0;
  progress('ingest', 0, byPdf.size, 'docs');
  for (const [pdfName, qs] of byPdf) {
    const t0 = performance.now();
    try {
      // IngestService returns the stored document as is when these bytes were ingested before.
      const result = await ingester.ingest(readPdf(qs[0]!.pdfPath), { fileName: pdfName });
      documents.push({
        pdfName,
        docId: result.document.id,
        pages: result.counts.pages,
        questions: qs.length,
        folio: {
          reused: result.reused,
          ms: Math.round(performance.now() - t0),
          timingsMs: result.timingsMs,
          error: null,
        },
        peers: {},
      });
    } catch (err) {
      warn(`could not ingest ${pdfName}: ${errorMessage(err)} (its ${qs.length} questions count as misses)`);
      documents.push({
        pdfName,
        docId: null,
        pages: null,
        questions: qs.length,
        folio: {
          reused: false,
          ms: Math.round(performance.now() - t0),
          timingsMs: {},
          error: errorMessage(err),
        },
        peers: {},
      });
    }
    progress('ingest', ++done, byPdf.size, 'docs');
  }
  return documents;
}

/** What one search returned: ranked pages, and the ranked elements when the system cites elements. */
interface Ranking {
  pages: PageRef[];
  elements: RankedElement[] | null;
  cost: RetrievalCost | null;
}

/** Pages best first; elements in page order, each page's elements in the order the strategy gave them. */
export function rankingOf(result: SearchResult): Ranking {
  return {
    pages: result.pages.map((p) => ({ docId: p.docId, pageNumber: p.pageNumber })),
    elements: result.pages.flatMap((p) =>
      p.elements.map((e) => ({ docId: p.docId, pageNumber: p.pageNumber, bbox: e.bbox })),
    ),
    cost: result.cost ?? null,
  };
}

async function runQuestions(
  name: string,
  questions: BenchQuestion[],
  docIdOf: Map<string, string | null>,
  search: (q: BenchQuestion, docId: string) => Promise<Ranking>,
  ask: ((q: BenchQuestion, docId: string) => Promise<AskResult>) | null,
  judges: AnswerJudges,
  progress: NonNullable<BenchDeps['onProgress']>,
): Promise<QuestionRow[]> {
  // Without answers to score, unanswerable questions have nothing to measure.
  const todo = ask ? questions : questions.filter((q) => q.answerable);
  const rows: QuestionRow[] = [];
  progress(name, 0, todo.length, 'questions');
  for (const q of todo) {
    const docId = docIdOf.get(q.pdfName) ?? null;
    const row: QuestionRow = {
      run: name,
      qid: q.qid,
      dataset: q.dataset,
      pdfName: q.pdfName,
      docId,
      answerable: q.answerable,
      evidencePages: q.evidencePages,
      evidenceSources: q.evidenceSources,
      imageOnly: q.imageOnly,
      answerFormat: q.answerFormat,
      ranked: [],
      metrics: null,
      layout: null,
      latencyMs: null,
      error: null,
      ask: null,
    };
    if (docId === null) row.error = 'document not ingested';
    else {
      if (q.answerable) {
        const t0 = performance.now();
        try {
          const ranking = await search(q, docId);
          row.latencyMs = performance.now() - t0;
          row.cost = ranking.cost;
          row.ranked = ranking.pages.map((r) =>
            r.docId === docId ? r.pageNumber : `${r.docId}#${r.pageNumber}`,
          );
          row.metrics = scoreQuestion(ranking.pages, { docId, hops: hopsFromPages(q.evidencePages) });
          if (ranking.elements !== null && q.evidenceBoxes.length > 0)
            row.layout = layoutRecall(ranking.elements, docId, q.evidenceBoxes);
        } catch (err) {
          row.error = errorMessage(err);
        }
      }
      if (ask) {
        const t0 = performance.now();
        try {
          const result = await ask(q, docId);
          row.ask = await judgeAnswer(q, docId, result, performance.now() - t0, judges);
        } catch (err) {
          row.error = row.error ?? `ask: ${errorMessage(err)}`;
        }
      }
    }
    // A question that failed is a miss, not a hole in the average.
    if (q.answerable && row.metrics === null) {
      row.metrics = scoreQuestion([], { docId: docId ?? '', hops: hopsFromPages(q.evidencePages) });
      if (q.evidenceBoxes.length > 0) row.layout = layoutRecall([], docId ?? '', q.evidenceBoxes);
    }
    rows.push(row);
    progress(name, rows.length, todo.length, 'questions');
  }
  return rows;
}

function bucketsOf(key: BreakdownKey, q: QuestionRow): string[] {
  switch (key) {
    case 'dataset':
      return [q.dataset];
    case 'evidenceSource':
      return q.evidenceSources.length > 0 ? [...new Set(q.evidenceSources)] : ['(unlabelled)'];
    case 'documentKind':
      return [q.imageOnly ? 'scanned' : 'born-digital'];
    case 'hops':
      return [q.evidencePages.length >= 3 ? '3+ hops' : q.evidencePages.length === 2 ? '2 hops' : '1 hop'];
  }
}

export function buildRunReport(
  name: string,
  system: 'folio' | 'peer',
  strategy: Strategy | null,
  rerank: boolean,
  rows: QuestionRow[],
  judges: Pick<AnswerJudges, 'grader' | 'comparison'> | null,
): RunReport {
  const scored = rows.filter(
    (r): r is QuestionRow & { metrics: QuestionMetrics } => r.answerable && r.metrics !== null,
  );
  const breakdowns = Object.fromEntries(BREAKDOWN_KEYS.map((key) => [key, {}])) as RunReport['breakdowns'];
  for (const key of BREAKDOWN_KEYS) {
    const groups = new Map<string, QuestionMetrics[]>();
    for (const r of scored) {
      for (const b of bucketsOf(key, r)) groups.set(b, [...(groups.get(b) ?? []), r.metrics]);
    }
    breakdowns[key] = Object.fromEntries(
      [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([b, ms]) => [b, summarize(ms)]),
    );
  }
  const answers = judges ? summarizeAnswers(rows, judges.grader.name, judges.comparison?.name ?? null) : null;
  return {
    name,
    system,
    strategy,
    rerank,
    overall: summarize(scored.map((r) => r.metrics)),
    breakdowns,
    latency: latencySummary(scored.flatMap((r) => (r.latencyMs === null ? [] : [r.latencyMs]))),
    layout: system === 'peer' ? null : summarizeLayout(scored.flatMap((r) => (r.layout ? [r.layout] : []))),
    errors: rows.filter((r) => r.error !== null).length,
    unanswerable: answers?.unanswerable ?? null,
    answers: answers?.answers ?? null,
    comparisonAnswers: answers?.comparisonAnswers ?? null,
    trust: answers?.trust ?? null,
    askLatency: answers?.askLatency ?? null,
  };
}
