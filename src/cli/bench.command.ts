import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { QueryCachingEmbedder } from '../embed/query-cache';
import { ContentRepository } from '../graph/content.repository';
import { NaivePassagesRepository } from '../eval/peer/naive-passages.repository';
import { withBenchApp } from './cli-app';
import { INGEST_BENCH_USAGE, runIngestBenchCommand } from './bench-ingest.command';
import { IngestService } from '../ingest/ingest.service';
import { LlmService } from '../llm/llm.service';
import { AskService } from '../retrieve/answer/ask.service';
import { RetrieveService } from '../retrieve/retrieve.service';
import { TraceJudge } from '../retrieve/trace/trace-judge';
import { STRATEGIES } from '../retrieve/retrieve.types';
import { type AnswerGrader, LlmAnswerGrader } from '../eval/answer-grader';
import { answerTable, answerTrustTable } from '../eval/answer-report';
import { StrictAnswerGrader } from '../eval/strict-grader';
import { BenchQuestionsError, loadQuestions } from '../eval/bench-questions';
import { breakdownTable, metricTable, layoutTable, writeRetrievalReport } from '../eval/bench-report';
import type { PeerRetriever } from '../eval/bench-ports';
import { BenchCorpusRepository } from '../eval/bench-corpus.repository';
import { runRetrievalBench } from '../eval/bench-runner';
import { costTable } from '../eval/bench-cost';
import { LangChainNeo4jBaseline } from '../eval/peer/langchain-baseline';
import { NaiveDensePassageView, NaivePagePassageBaseline } from '../eval/peer/naive-page-passages';
import { printTable } from './ingest.command';
import {
  type GraderChoice,
  parseGrader,
  parsePeers,
  parseRerank,
  parseScope,
  parseStrategies,
  parseTraceAblations,
  PEER_KINDS,
  type PeerKind,
  positiveInt,
  UsageError,
} from './bench-options';
import { commaList } from '../common/comma-list';
import { StageProgress } from './progress';
import { commandArgs } from './command-args';

const USAGE = `Usage:
  folio bench --questions FILE --pdfs DIR --out DIR [--strategies VECTOR,HYBRID,PARENT_PAGE] [--rerank both|on|off]
              [--peer | --peers langchain,naive,naive-dense] [--limit N] [--datasets a,b]
              [--ask [--grader strict|lenient|both]]
              [--trace-ablations no-decomposition,no-semantic,no-physical] [--scope document|corpus]
    Page-level retrieval benchmark: ingests the questions' PDFs (once; stored bytes are reused), runs every question
    scoped to its own document through each strategy with and/or without RERANK, and writes report.json, report.md
    and recall-ndcg.png into --out.
    --peer      also measure both peers below on the same Neo4j with the same embedder (= --peers langchain,naive);
                each keeps to its own label and indexes, removed afterwards
    --peers     the peers to measure:
                  langchain  LangChain.js PDFLoader + 1000/200-character chunks + Neo4jVectorStore (label PeerChunk),
                             reported as peer:langchain-neo4j-vector
                  naive      Folio's stored page text in 200-token windows, vector and full-text top 50 fused by RRF,
                             page = best window (label NaivePassage, naive_* indexes), reported as
                             peer:naive-page-passages
                  naive-dense  the same windows by cosine alone (no full text), reported as
                             peer:naive-page-passages-dense
    --limit N   the first N questions (file order, after --datasets)
    --trace-ablations  extra TRACE runs with one layer off each (TRACE, Table 6): no-decomposition (the question
                is its own only sub-query), no-semantic (no SIMILAR_TO), no-physical (no NEXT_PAGE), reported as
                TRACE-<ablation>
    --scope     document (default): each question scoped to its own document; corpus: each question asked over
                the whole ingested corpus, a hit needing its own document's evidence page (runs named <run>@corpus;
                peers are per-document and cannot run here)
    --ask       also ask every question (unanswerable ones too): unanswerable detection, answer accuracy, and
                whether the answers are grounded (every quote in the element it cites) and cite the evidence found
    --grader    how --ask grades answers: strict (default) compares the answer's value with the reference (numbers
                after scale, percent and rounding; lists by item F1; words by token F1); lenient is the configured
                LLM judge, or offline the string match (containment, numbers, token F1); both reports them side by side

${INGEST_BENCH_USAGE}`;

export async function runBenchCommand(args: string[]): Promise<number> {
  try {
    if (args[0] === 'ingest') return await runIngestBenchCommand(args.slice(1));
    return await runRetrievalBenchCommand(args);
  } catch (err) {
    if (err instanceof BenchQuestionsError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    throw err;
  }
}

async function runRetrievalBenchCommand(args: string[]): Promise<number> {
  const parsed = commandArgs(USAGE, {
    args,
    options: {
      questions: { type: 'string' },
      pdfs: { type: 'string' },
      out: { type: 'string' },
      strategies: { type: 'string', default: STRATEGIES.join(',') },
      rerank: { type: 'string', default: 'both' },
      peer: { type: 'boolean', default: false },
      peers: { type: 'string' },
      limit: { type: 'string' },
      datasets: { type: 'string' },
      ask: { type: 'boolean', default: false },
      grader: { type: 'string', default: 'strict' },
      'trace-ablations': { type: 'string' },
      scope: { type: 'string', default: 'document' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const traceAblations =
    values['trace-ablations'] === undefined ? [] : parseTraceAblations(values['trace-ablations']);
  const scope = parseScope(values.scope);
  const graderChoice = parseGrader(values.grader);
  if (scope === 'corpus' && (values.peer || values.peers !== undefined))
    throw new UsageError('--scope corpus: the peers search one document at a time; leave out --peer/--peers');
  if (!values.questions || !values.pdfs || !values.out)
    throw new UsageError('folio bench needs --questions FILE, --pdfs DIR and --out DIR');
  const strategies = parseStrategies(values.strategies);
  const rerank = parseRerank(values.rerank);
  if (values.peer && values.peers !== undefined)
    throw new UsageError('give either --peer or --peers, not both');
  const peerKinds: PeerKind[] =
    values.peers !== undefined ? parsePeers(values.peers) : values.peer ? [...PEER_KINDS] : [];
  const limit = positiveInt('--limit', values.limit);
  const datasets = values.datasets === undefined ? undefined : commaList(values.datasets);

  const set = loadQuestions(values.questions, values.pdfs, { datasets });
  const skipped = Object.entries(set.skippedDocumentLevel);
  if (skipped.length > 0) {
    process.stderr.write(
      `Skipping rows without page labels: ${skipped.map(([d, n]) => `${n} ${d}`).join(', ')}\n`,
    );
  }
  for (const bad of set.invalidRows)
    process.stderr.write(`Skipping ${values.questions}:${bad.line} (${bad.qid}): ${bad.reason}\n`);
  const missing = Object.keys(set.missingPdfs);
  if (missing.length > 0)
    process.stderr.write(`Skipping questions whose PDF is not in ${values.pdfs}: ${missing.join(', ')}\n`);
  if (set.questions.length === 0) {
    process.stderr.write(
      `No questions with page labels left in ${values.questions}${datasets ? ` for --datasets ${datasets.join(',')}` : ''}.\n`,
    );
    return 1;
  }

  return withBenchApp(async (app) => {
    const config = app.get<FolioConfig>(FOLIO_CONFIG);
    const embedder = app.get<Embedder>(EMBEDDER);
    // naive and naive-dense search the same stored windows.
    let naive: NaivePagePassageBaseline | undefined;
    const naiveBaseline = () =>
      (naive ??= new NaivePagePassageBaseline(app.get(NaivePassagesRepository), embedder));
    const peers = peerKinds.map((kind): PeerRetriever => {
      switch (kind) {
        case 'langchain':
          return new LangChainNeo4jBaseline({ neo4j: config.neo4j, embedder });
        case 'naive':
          return naiveBaseline();
        case 'naive-dense':
          return new NaiveDensePassageView(naiveBaseline());
      }
    });
    const progress = new StageProgress('bench');
    try {
      const report = await runRetrievalBench(
        set,
        {
          strategies,
          rerank,
          limit,
          datasets,
          ask: values.ask,
          embeddingModel: embedder.modelName,
          traceAblations,
          scope,
        },
        {
          ingester: app.get(IngestService),
          retriever: app.get(RetrieveService),
          asker: app.get(AskService),
          ...answerGraders(graderChoice, new LlmAnswerGrader(app.get(LlmService))),
          citedElements: app.get(ContentRepository),
          copySources:
            scope === 'corpus'
              ? new Map(
                  (await app.get(BenchCorpusRepository).documents()).flatMap((d) =>
                    d.clonedFrom ? [[d.id, d.clonedFrom] as const] : [],
                  ),
                )
              : undefined,
          peers,
          onProgress: (stage, done, total, unit) => progress.update(stage, done, total, unit),
          onWarning: (m) => process.stderr.write(`\n${m}\n`),
          forgetCaches: () => {
            const embedder = app.get<Embedder>(EMBEDDER);
            if (embedder instanceof QueryCachingEmbedder) embedder.clear();
            app.get(TraceJudge).forgetScores();
          },
        },
      );
      progress.finishStage();
      const files = writeRetrievalReport(report, values.out!);
      const c = report.questionCounts;
      process.stdout.write(
        `\n${c.answerable} answerable questions scored (${c.unanswerable} unanswerable ${values.ask ? 'asked' : 'left out'}) on ${report.documents.length} documents; rates in %\n`,
      );
      const main = metricTable(report);
      printTable(main.header, main.rows);
      const byDataset = breakdownTable(report, 'dataset');
      printTable(byDataset.header, byDataset.rows);
      const byHops = breakdownTable(report, 'hops');
      printTable(byHops.header, byHops.rows);
      const cost = costTable(report);
      printTable(cost.header, cost.rows);
      const layout = layoutTable(report);
      if (layout) printTable(layout.header, layout.rows);
      for (const table of [answerTable(report), answerTrustTable(report)])
        if (table) printTable(table.header, table.rows);
      process.stdout.write(`\nWrote ${files.json}, ${files.markdown} and ${files.chart}\n`);
      return report.runs.some((r) => r.errors > 0) ? 1 : 0;
    } finally {
      progress.finishStage();
      for (const peer of peers) {
        await peer
          .cleanup()
          .catch((err: unknown) =>
            process.stderr.write(
              `Could not remove what peer ${peer.name} stored: ${(err as Error).message}. The next run with this peer removes it first.\n`,
            ),
          );
      }
    }
  });
}

/** The reported grader and the one beside it: strict first, the lenient one as its comparison with `both`. */
function answerGraders(
  choice: GraderChoice,
  lenient: AnswerGrader,
): { grader: AnswerGrader; comparisonGrader?: AnswerGrader } {
  switch (choice) {
    case 'strict':
      return { grader: new StrictAnswerGrader() };
    case 'lenient':
      return { grader: lenient };
    case 'both':
      return { grader: new StrictAnswerGrader(), comparisonGrader: lenient };
  }
}
