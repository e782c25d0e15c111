import type { IngestResult } from '../ingest/ingest.service';
import type { RetrievalCost } from '../retrieve/evidence-step';
import type { Strategy } from '../retrieve/retrieve.types';
import type { GradeSummary } from './answer-grader';
import type { AskRow } from './answer-judging';
import type { TrustSummary } from './answer-trust';
import type { PeerIngestStats } from './bench-ports';
import type { BenchQuestionSet } from './bench-questions';
import type { LayoutAtK, LayoutSummary } from './layout-metrics';
import type { LatencySummary, MetricSummary, QuestionMetrics, UnanswerableDetection } from './metrics';

export type BreakdownKey = 'dataset' | 'evidenceSource' | 'documentKind' | 'hops';
export const BREAKDOWN_KEYS: BreakdownKey[] = ['dataset', 'evidenceSource', 'documentKind', 'hops'];

/** TRACE's Table 6 ablations, each a run of its own next to full TRACE. */
export const TRACE_ABLATIONS = ['no-decomposition', 'no-semantic', 'no-physical'] as const;
export type TraceAblation = (typeof TRACE_ABLATIONS)[number];

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
