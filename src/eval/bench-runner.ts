import * as fs from 'node:fs';
import * as os from 'node:os';
import { addCosts } from '../retrieve/evidence-step';
import type { SearchScope, Strategy, TraceOptions } from '../retrieve/retrieve.types';
import type { AnswerGrader } from './answer-grader';
import type { AnswerJudges } from './answer-judging';
import type { CitedElementReader } from './answer-trust';
import { ingestDocuments, preparePeers } from './bench-documents';
import type { BenchAsker, BenchIngester, BenchProgress, BenchRetriever, PeerRetriever } from './bench-ports';
import type { BenchReport, BenchScope, QuestionRow, RunReport, TraceAblation } from './bench-report.types';
import type { BenchQuestion, BenchQuestionSet } from './bench-questions';
import { CUTOFFS } from './metrics';
import { type Ranking, rankingOf, runQuestions } from './question-runner';
import { buildRunReport } from './run-report';

const ABLATION_OPTIONS: Record<TraceAblation, TraceOptions> = {
  'no-decomposition': { decomposition: false },
  'no-semantic': { semanticEdges: false },
  'no-physical': { physicalEdges: false },
};

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
  onProgress?: BenchProgress;
  /** Problems worth telling the user about that do not stop the run. */
  onWarning?: (message: string) => void;
  /**
   * Called before each timed search or ask to empty the caches that outlive a question (query vectors, the TRACE
   * judge's scores), so that each pays for its embedding and judging as a new question would.
   */
  forgetCaches?: () => void;
  /**
   * Corpus scope over a library grown by copies (folio corpus grow): each copy's original. A page of a copy of the
   * question's document is the same page of the same content, so it counts as the original's.
   */
  copySources?: ReadonlyMap<string, string>;
}

/** The ranking with each copy's pages named as its original's, a page listed once (its best rank). */
export function withCopiesAsOriginals(
  ranking: Ranking,
  copySources: ReadonlyMap<string, string> | undefined,
): Ranking {
  if (!copySources?.size) return ranking;
  const original = <T extends { docId: string }>(x: T): T => ({
    ...x,
    docId: copySources.get(x.docId) ?? x.docId,
  });
  const seen = new Set<string>();
  const pages = ranking.pages.map(original).filter((p) => {
    const key = `${p.docId}#${p.pageNumber}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return { ...ranking, pages, elements: ranking.elements?.map(original) ?? null };
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
  await preparePeers(peers, documents, questions, progress, warn);

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
        .then((r): Ranking => withCopiesAsOriginals(rankingOf(r), deps.copySources));
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
