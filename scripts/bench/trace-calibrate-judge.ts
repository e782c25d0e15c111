// Calibrates TRACE_JUDGE_THRESHOLD on the dev benchmark as bench:tau calibrates the SIMILAR_TO τ. For each
// answerable question with evidence pages, the pages a walk would judge — the question's HYBRID top pages, its
// evidence pages and their NEXT_PAGE neighbours both ways — are scored exactly as the offline judge scores them
// (TraceJudge on page-best-passages.cypher, the question as its own sub-query); evidence pages are the positives,
// the other pages the negatives. Reports the threshold of best Youden's J, both score distributions, how often an
// evidence page next to a RELEVANT evidence page scores below it (what TRACE_WALK_PRIOR rescues), and the prior
// with which the walk's ranking of the pages it reaches puts evidence first most often (see trace-walk-reach.ts).
//
//   npm run bench:trace-judge   (builds, then runs this with --out bench-results/trace/judge-calibration.json)
//   npx tsx scripts/bench/trace-calibrate-judge.ts [--questions FILE] [--pdfs DIR] [--limit N] [--seed S] [--top K] [--out FILE]
//
// Reads only; the PDFs must be ingested with their passages built (`folio reembed --all --units`). --limit keeps the
// first N questions of a seeded shuffle, so a shorter run still spans datasets and documents: bench:trace-judge takes
// 300 of the 564 eligible dev questions, 11 minutes on 2 cores (~2 s a question, mostly the cross-encoder).
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type * as AppModuleFile from '../../src/app.module';
import { StageProgress } from '../../src/cli/progress';
import type * as ConfigModuleFile from '../../src/config/config.module';
import type * as ConfigTokensFile from '../../src/config/config.tokens';
import type { FolioConfig } from '../../src/config/folio-config';
import type * as CrossEncoderFile from '../../src/embed/cross-encoder';
import type * as EmbedModuleFile from '../../src/embed/embed.module';
import type * as EmbedTokensFile from '../../src/embed/embed.tokens';
import type { Embedder } from '../../src/embed/embedder';
import { seededRandom } from '../../src/enrich/summary-tree/seeded-random';
import { type BenchQuestion, loadQuestions } from '../../src/eval/bench-questions';
import type * as DocumentRepositoryFile from '../../src/graph/document.repository';
import type * as GraphModuleFile from '../../src/graph/graph.module';
import { documentIdFor } from '../../src/ingest/document-id';
import type * as IngestServiceFile from '../../src/ingest/ingest.service';
import type * as LlmUsageFile from '../../src/llm/llm-usage';
import type * as LlmModuleFile from '../../src/llm/llm.module';
import type * as LlmServiceFile from '../../src/llm/llm.service';
import type * as RetrieveModuleFile from '../../src/retrieve/retrieve.module';
import type * as RetrieveRepositoryFile from '../../src/retrieve/retrieve.repository';
import type * as RetrieveServiceFile from '../../src/retrieve/retrieve.service';
import { decomposeQuestion } from '../../src/retrieve/trace/decompose-question';
import type * as TraceJudgeFile from '../../src/retrieve/trace/trace-judge';
import type * as TraceRunFile from '../../src/retrieve/trace/trace-run';
import type * as TraceJudgingFile from '../../src/retrieve/trace/trace-judging';
import type * as TraceWalkerFile from '../../src/retrieve/trace/trace-walker';
import { loadCompiled } from '../compiled-build';
import { judgeCalibrationMarkdown, thresholdReport, walkPriorReport } from './trace-judge-report';
import { type ScoredQuestion, walkReach } from './trace-walk-reach';

/** Folio's modules from the build: Nest's DI reads the constructor metadata that tsc emits and tsx (esbuild) does not. */
async function loadBuild() {
  const load = loadCompiled;
  return {
    ...(await load<typeof AppModuleFile>('app.module')),
    ...(await load<typeof ConfigModuleFile>('config/config.module')),
    ...(await load<typeof ConfigTokensFile>('config/config.tokens')),
    ...(await load<typeof CrossEncoderFile>('embed/cross-encoder')),
    ...(await load<typeof EmbedModuleFile>('embed/embed.module')),
    ...(await load<typeof EmbedTokensFile>('embed/embed.tokens')),
    ...(await load<typeof DocumentRepositoryFile>('graph/document.repository')),
    ...(await load<typeof GraphModuleFile>('graph/graph.module')),
    ...(await load<typeof IngestServiceFile>('ingest/ingest.service')),
    ...(await load<typeof LlmUsageFile>('llm/llm-usage')),
    ...(await load<typeof LlmModuleFile>('llm/llm.module')),
    ...(await load<typeof LlmServiceFile>('llm/llm.service')),
    ...(await load<typeof RetrieveModuleFile>('retrieve/retrieve.module')),
    ...(await load<typeof RetrieveRepositoryFile>('retrieve/retrieve.repository')),
    ...(await load<typeof RetrieveServiceFile>('retrieve/retrieve.service')),
    ...(await load<typeof TraceJudgeFile>('retrieve/trace/trace-judge')),
    ...(await load<typeof TraceRunFile>('retrieve/trace/trace-run')),
    ...(await load<typeof TraceJudgingFile>('retrieve/trace/trace-judging')),
    ...(await load<typeof TraceWalkerFile>('retrieve/trace/trace-walker')),
  };
}

function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      questions: { type: 'string', default: '../shared/bench/dev-questions.jsonl' },
      pdfs: { type: 'string', default: '../shared/bench/pdfs' },
      out: { type: 'string', default: path.join('bench-results', 'trace', 'judge-calibration.json') },
      limit: { type: 'string' },
      seed: { type: 'string', default: '42' },
      top: { type: 'string', default: '10' },
    },
  });
  const seed = Number(values.seed);
  const top = Number(values.top);
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  if (
    ![seed, top].every(Number.isInteger) ||
    top < 1 ||
    !(limit === Infinity || (Number.isInteger(limit) && limit >= 1))
  )
    throw new Error('--seed must be an integer, --top and --limit positive integers');

  const build = await loadBuild();
  @Module({
    imports: [
      build.ConfigModule,
      build.GraphModule,
      build.EmbedModule.forRootAsync({ inject: [build.FOLIO_CONFIG], useFactory: build.embedConfigFrom }),
      build.LlmModule,
      build.RetrieveModule,
    ],
  })
  class TraceCalibrationModule {}
  const app = await NestFactory.createApplicationContext(TraceCalibrationModule, {
    logger: ['error', 'warn'],
  });
  try {
    const config = app.get<FolioConfig>(build.FOLIO_CONFIG);
    const retrieve = app.get(build.RetrieveService);
    const repo = app.get(build.RetrieveRepository);
    const embedder = app.get<Embedder>(build.EMBEDDER);
    // The offline judge even when an LLM is configured: the threshold is the cross-encoder's.
    const judge = new build.TraceJudge(
      app.get(build.CrossEncoderReranker),
      new build.LlmService({ ...config, llm: null }),
    );

    const set = loadQuestions(values.questions, values.pdfs);
    const answerable = set.questions.filter((q) => q.answerable && q.evidencePages.length > 0);
    const docIdOf = new Map<string, string>();
    for (const pdfName of new Set(answerable.map((q) => q.pdfName))) {
      const pdfPath = path.join(set.pdfDir, pdfName);
      docIdOf.set(pdfName, documentIdFor(fs.readFileSync(pdfPath)).docId);
    }
    const stored = await app.get(build.DocumentRepository).getMany([...docIdOf.values()]);
    const ready = new Set(stored.flatMap((d) => (d?.status === 'READY' ? [d.id] : [])));
    const notReady = [...docIdOf].filter(([, id]) => !ready.has(id)).map(([name]) => name);
    if (notReady.length > 0)
      process.stderr.write(
        `Skipping the questions on ${notReady.length} PDF(s) not ingested (READY): ${notReady.join(', ')}\n`,
      );
    const eligible = answerable.filter((q) => ready.has(docIdOf.get(q.pdfName)!));
    const questions = shuffled(eligible, seed).slice(0, limit);
    if (questions.length === 0)
      throw new Error('No answerable question on an ingested document: ingest the PDFs first.');

    const scorePages = async (q: BenchQuestion, embedding: number[], pages: number[]) => {
      const docId = docIdOf.get(q.pdfName)!;
      const texts = await repo.pageBestPassages({
        pages: pages.map((pageNumber) => ({ docId, pageNumber })),
        embedding,
        perPage: build.BEST_PASSAGES,
        maxChars: build.PAGE_TEXT_CHARS,
      });
      if (texts.length === 0) return new Map<number, number>();
      const { judgements } = await judge.judge({
        subQuery: q.question,
        question: q.question,
        pages: texts.map((t) => ({ ...t, label: `p.${t.pageNumber}` })),
        memory: [],
        meter: new build.UsageMeter(),
      });
      return new Map(texts.map((t, i) => [t.pageNumber, judgements[i]!.score]));
    };

    const t0 = performance.now();
    const progress = new StageProgress('trace-judge calibration');
    const scored: Array<ScoredQuestion & { question: BenchQuestion; embedding: number[] }> = [];
    for (const [i, q] of questions.entries()) {
      progress.update('score', i, questions.length, 'questions');
      const docId = docIdOf.get(q.pdfName)!;
      const hits = await retrieve.search({
        query: q.question,
        strategy: 'HYBRID',
        scope: { docIds: [docId] },
        k: top,
      });
      const retrieved = hits.pages.filter((p) => p.docId === docId).map((p) => p.pageNumber);
      const embedding = Array.from(await embedder.embedQuery(q.question));
      const edges = await repo.pageNeighbours({
        pages: [...new Set([...retrieved, ...q.evidencePages])].map((pageNumber) => ({ docId, pageNumber })),
        similarK: 0,
      });
      const neighbours = new Map<number, number[]>();
      for (const e of edges)
        if (e.via === 'next-page' || e.via === 'previous-page')
          neighbours.set(e.pageNumber, [...(neighbours.get(e.pageNumber) ?? []), e.toPage]);
      const pool = new Set([
        ...retrieved,
        ...q.evidencePages,
        ...q.evidencePages.flatMap((p) => neighbours.get(p) ?? []),
      ]);
      const scores = await scorePages(
        q,
        embedding,
        [...pool].sort((a, b) => a - b),
      );
      const evidence = new Set(q.evidencePages);
      scored.push({ qid: q.qid, question: q, embedding, evidence, retrieved, scores, neighbours });
    }
    progress.update('score', questions.length, questions.length, 'questions');
    progress.finishStage();
    const thresholds = thresholdReport(scored, build.TRACE_JUDGE_THRESHOLD, seed);

    // The walk past the retrieved pages at Youden's and the current threshold: neighbours of RELEVANT pages not scored yet.
    const walkThresholds = [...new Set([thresholds.youden.threshold, build.TRACE_JUDGE_THRESHOLD])];
    const walked: ScoredQuestion[] = [];
    for (const [i, q] of scored.entries()) {
      progress.update('walk-prior', i, scored.length, 'questions');
      const unscored = [...new Set(walkThresholds.flatMap((t) => walkReach(q, t).unscored))];
      const extra = unscored.length > 0 ? await scorePages(q.question, q.embedding, unscored) : new Map();
      walked.push({ ...q, scores: new Map([...q.scores, ...extra]) });
    }
    progress.update('walk-prior', scored.length, scored.length, 'questions');
    progress.finishStage();

    const result = {
      command: `npx tsx scripts/bench/trace-calibrate-judge.ts ${process.argv.slice(2).join(' ')}`.trim(),
      seed,
      top,
      reranker: config.rerankerPath ?? 'built-in cross-encoder',
      questions: {
        eligible: eligible.length,
        used: questions.length,
        documents: new Set(questions.map((q) => q.pdfName)).size,
        byDataset: Object.fromEntries(
          [...new Set(questions.map((q) => q.dataset))].map((d) => [
            d,
            questions.filter((q) => q.dataset === d).length,
          ]),
        ),
        // The walk judges pages against each sub-query; here every question is its own only sub-query.
        splitByOfflineRules: questions.filter((q) => decomposeQuestion(q.question).length > 1).length,
      },
      evidencePagesNotInGraph: scored.reduce(
        (n, q) => n + [...q.evidence].filter((p) => !q.scores.has(p)).length,
        0,
      ),
      ...thresholds,
      walkPrior: walkThresholds.map((t) => walkPriorReport(walked, t, build.TRACE_WALK_PRIOR, seed)),
      minutes: Number(((performance.now() - t0) / 60_000).toFixed(1)),
      scores: scored.flatMap((q) =>
        [...q.scores].map(([page, score]) => ({
          qid: q.qid,
          page,
          score: Number(score.toPrecision(4)),
          evidence: q.evidence.has(page),
          retrieved: q.retrieved.includes(page),
        })),
      ),
    };
    fs.mkdirSync(path.dirname(values.out), { recursive: true });
    fs.writeFileSync(values.out, JSON.stringify(result, null, 1));
    process.stdout.write(`${judgeCalibrationMarkdown(result)}\n\nwritten to ${values.out}\n`);
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
