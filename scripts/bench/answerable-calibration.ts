// Calibrates ANSWERABLE_MIN_CONFIDENCE (src/retrieve/extractive-answer.ts) on the dev benchmark's MMLongBench-Doc
// questions. Each question is searched once exactly as the offline `ask` searches (HYBRID + RERANK, 5 pages) and
// the elements of the pages the answer reads are fetched; both are cached in --cache (JSONL), so re-running after a
// change to the answerer only re-composes. Then, for every question, the offline answer's confidence; the ROC of
// "Not answerable" (unanswerable = to be flagged) over a grid of thresholds; the chosen point (the most unanswerable
// flagged with at most --max-flagged of the answerable ones flagged); and, at that point, the answers graded by the
// offline string-match judge. With --baseline DIST (a build of another commit, e.g. main's) its answerer is graded
// on the same searches, so before/after differ only by the answer composition.
//
//   npm run bench:answerable   (builds, then runs this with --out bench-results/answerable/calibration.json)
//   npx tsx scripts/bench/answerable-calibration.ts [--questions FILE] [--pdfs DIR] [--limit N] [--seed S]
//        [--cache FILE] [--out FILE] [--max-flagged 0.15] [--baseline DIST]
//
// Reads only; the PDFs must be ingested. --limit keeps the first N questions of a seeded shuffle.
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type * as AppModuleFile from '../../src/app.module';
import { StageProgress } from '../../src/cli/progress';
import { PROJECT_ROOT } from '../../src/common/local-paths';
import type * as ConfigModuleFile from '../../src/config/config.module';
import type * as ConfigTokensFile from '../../src/config/config.tokens';
import type { FolioConfig } from '../../src/config/folio-config';
import type * as EmbedModuleFile from '../../src/embed/embed.module';
import { seededRandom } from '../../src/enrich/summary-tree/seeded-random';
import type * as AnswerGraderFile from '../../src/eval/answer-grader';
import { loadQuestions } from '../../src/eval/bench-questions';
import type * as DocumentRepositoryFile from '../../src/graph/document.repository';
import type * as GraphModuleFile from '../../src/graph/graph.module';
import type * as IngestServiceFile from '../../src/ingest/ingest.service';
import type * as LlmModuleFile from '../../src/llm/llm.module';
import type * as LlmServiceFile from '../../src/llm/llm.service';
import type * as ExtractiveAnswerFile from '../../src/retrieve/extractive-answer';
import type { AnswerElement } from '../../src/retrieve/extractive-answer';
import type * as RetrieveModuleFile from '../../src/retrieve/retrieve.module';
import type * as RetrieveServiceFile from '../../src/retrieve/retrieve.service';
import type { SearchResult } from '../../src/retrieve/retrieve.types';
import { answerableRoc, chooseOperatingPoint } from './answerable-roc';
import { auc, thresholdGrid } from './threshold-calibration';

async function loadBuild(dist: string) {
  const load = async <M>(file: string): Promise<M> => {
    const compiled = path.join(dist, `${file}.js`);
    if (!fs.existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npm run -s build\` first.`);
    return (await import(compiled)) as M;
  };
  return {
    ...(await load<typeof AppModuleFile>('app.module')),
    ...(await load<typeof ConfigModuleFile>('config/config.module')),
    ...(await load<typeof ConfigTokensFile>('config/config.tokens')),
    ...(await load<typeof EmbedModuleFile>('embed/embed.module')),
    ...(await load<typeof AnswerGraderFile>('eval/answer-grader')),
    ...(await load<typeof DocumentRepositoryFile>('graph/document.repository')),
    ...(await load<typeof GraphModuleFile>('graph/graph.module')),
    ...(await load<typeof IngestServiceFile>('ingest/ingest.service')),
    ...(await load<typeof LlmModuleFile>('llm/llm.module')),
    ...(await load<typeof LlmServiceFile>('llm/llm.service')),
    ...(await load<typeof ExtractiveAnswerFile>('retrieve/extractive-answer')),
    ...(await load<typeof RetrieveModuleFile>('retrieve/retrieve.module')),
    ...(await load<typeof RetrieveServiceFile>('retrieve/retrieve.service')),
  };
}

interface CachedSearch {
  qid: string;
  search: SearchResult;
  elements: AnswerElement[];
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

const pct = (x: number) => (100 * x).toFixed(1);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      questions: { type: 'string', default: '../shared/bench/dev-questions.jsonl' },
      pdfs: { type: 'string', default: '../shared/bench/pdfs' },
      out: { type: 'string', default: path.join('bench-results', 'answerable', 'calibration.json') },
      cache: { type: 'string', default: path.join('bench-results', 'answerable', 'searches.jsonl') },
      limit: { type: 'string' },
      seed: { type: 'string', default: '42' },
      'max-flagged': { type: 'string', default: '0.15' },
      baseline: { type: 'string' },
    },
  });
  const seed = Number(values.seed);
  const maxFlagged = Number(values['max-flagged']);
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  if (!Number.isInteger(seed) || !(maxFlagged >= 0 && maxFlagged < 1))
    throw new Error('--seed must be an integer and --max-flagged a share in [0, 1)');
  if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 1)))
    throw new Error('--limit must be a positive integer');

  const build = await loadBuild(path.join(PROJECT_ROOT, 'dist'));
  @Module({
    imports: [
      build.ConfigModule,
      build.GraphModule,
      build.EmbedModule.forRootAsync({ inject: [build.FOLIO_CONFIG], useFactory: build.embedConfigFrom }),
      build.LlmModule,
      build.RetrieveModule,
    ],
  })
  class AnswerableCalibrationModule {}
  const app = await NestFactory.createApplicationContext(AnswerableCalibrationModule, {
    logger: ['error', 'warn'],
  });
  try {
    const config = app.get<FolioConfig>(build.FOLIO_CONFIG);
    const retrieve = app.get(build.RetrieveService);
    const set = loadQuestions(values.questions, values.pdfs, { datasets: ['mmlongbench-doc'] });
    const docIdOf = new Map<string, string>();
    for (const pdfName of new Set(set.questions.map((q) => q.pdfName)))
      docIdOf.set(pdfName, build.documentIdFor(fs.readFileSync(path.join(set.pdfDir, pdfName))).docId);
    const stored = await app.get(build.DocumentRepository).getMany([...docIdOf.values()]);
    const ready = new Set(stored.flatMap((d) => (d?.status === 'READY' ? [d.id] : [])));
    const questions = shuffled(
      set.questions.filter((q) => ready.has(docIdOf.get(q.pdfName)!)),
      seed,
    ).slice(0, limit);
    if (questions.length === 0) throw new Error('No MMLongBench-Doc question on an ingested document.');

    // Phase 1: the searches, cached.
    fs.mkdirSync(path.dirname(values.cache), { recursive: true });
    const cache = new Map<string, CachedSearch>();
    if (fs.existsSync(values.cache))
      for (const line of fs.readFileSync(values.cache, 'utf8').split('\n'))
        if (line.trim()) {
          const row = JSON.parse(line) as CachedSearch;
          cache.set(row.qid, row);
        }
    const progress = new StageProgress('answerable calibration');
    const t0 = performance.now();
    for (const [i, q] of questions.entries()) {
      progress.update('search', i, questions.length, 'questions');
      if (cache.has(q.qid)) continue;
      const search = await retrieve.search({
        query: q.question,
        strategy: 'HYBRID',
        scope: { docIds: [docIdOf.get(q.pdfName)!] },
        k: 5,
        rerank: true,
      });
      const row: CachedSearch = { qid: q.qid, search, elements: await retrieve.answerElements(search) };
      cache.set(q.qid, row);
      fs.appendFileSync(values.cache, `${JSON.stringify(row)}\n`);
    }
    progress.finishStage();
    const searchSeconds = (performance.now() - t0) / 1000;

    // Phase 2: confidences, ROC, operating point, graded answers.
    const answerer = new build.ExtractiveAnswerer();
    const grader = new build.LlmAnswerGrader(new build.LlmService({ ...config, llm: null }));
    const items = questions.map((q) => ({ q, cached: cache.get(q.qid)! }));
    const confidence = (x: (typeof items)[number]) =>
      answerer.compose(x.q.question, x.cached.search, x.cached.elements).confidence;
    const scored = items.map((x) => ({ ...x, confidence: confidence(x) }));
    const pos = scored.filter((x) => x.q.answerable).map((x) => x.confidence);
    const neg = scored.filter((x) => !x.q.answerable).map((x) => x.confidence);
    const roc = answerableRoc(pos, neg, thresholdGrid(0, 0.6, 0.005));
    const chosen = chooseOperatingPoint(roc, maxFlagged);
    // The former signal, for comparison: the cross-encoder relevance of the best page alone.
    const relevance = (x: (typeof items)[number]) => x.cached.search.pages[0]?.score ?? 0;
    const relevanceRoc = answerableRoc(
      items.filter((x) => x.q.answerable).map(relevance),
      items.filter((x) => !x.q.answerable).map(relevance),
      thresholdGrid(0, 0.6, 0.005),
    );

    type Answer = { answer: string; answerable: boolean };
    type GradedRow = Answer & { qid: string; goldAnswerable: boolean; gold: string | null; verdict: string };
    const gradeAll = async (answerOf: (x: (typeof items)[number]) => Answer) => {
      const rows: GradedRow[] = [];
      for (const x of items) {
        const a = answerOf(x);
        const grade = await grader.grade({
          question: x.q.question,
          goldAnswer: x.q.answer ?? '',
          goldFormat: x.q.answerFormat,
          answer: a.answer,
          answerable: x.q.answerable,
        });
        rows.push({
          qid: x.q.qid,
          goldAnswerable: x.q.answerable,
          gold: x.q.answer,
          answer: a.answer,
          answerable: a.answerable,
          verdict: grade.verdict,
        });
      }
      const correct = rows.filter((r) => r.verdict === 'correct').length;
      const flagged = (gold: boolean) =>
        rows.filter((r) => r.goldAnswerable === gold && !r.answerable).length /
        Math.max(rows.filter((r) => r.goldAnswerable === gold).length, 1);
      return {
        accuracy: correct / rows.length,
        accuracyAnswerable:
          rows.filter((r) => r.goldAnswerable && r.verdict === 'correct').length /
          Math.max(rows.filter((r) => r.goldAnswerable).length, 1),
        unanswerableFlagged: flagged(false),
        answerableFlagged: flagged(true),
        rows,
      };
    };
    const after = await gradeAll((x) =>
      answerer.answer(x.q.question, x.cached.search, x.cached.elements, chosen.threshold),
    );
    let before: Awaited<ReturnType<typeof gradeAll>> | null = null;
    if (values.baseline) {
      const old = await loadBuild(path.resolve(values.baseline));
      const oldAnswerer = new old.ExtractiveAnswerer() as unknown as {
        answer(question: string, search: SearchResult): Answer;
      };
      before = await gradeAll((x) => oldAnswerer.answer(x.q.question, x.cached.search));
    }

    const report = {
      createdAt: new Date().toISOString(),
      questions: items.length,
      answerable: pos.length,
      unanswerable: neg.length,
      seed,
      searchSeconds,
      maxAnswerableFlagged: maxFlagged,
      confidenceAuc: auc(pos, neg),
      relevanceAuc: auc(
        items.filter((x) => x.q.answerable).map(relevance),
        items.filter((x) => !x.q.answerable).map(relevance),
      ),
      chosen,
      chosenByRelevance: chooseOperatingPoint(relevanceRoc, maxFlagged),
      roc,
      after: { ...after, rows: undefined },
      before: before ? { ...before, rows: undefined } : null,
      answers: after.rows.map((r, i) => ({ ...r, confidence: scored[i]!.confidence, before: before?.rows[i] })),
    };
    fs.mkdirSync(path.dirname(values.out), { recursive: true });
    fs.writeFileSync(values.out, JSON.stringify(report, null, 2));
    const line = (name: string, r: NonNullable<typeof before>) =>
      `${name}: accuracy ${pct(r.accuracy)} % (answerable ${pct(r.accuracyAnswerable)} %), unanswerable flagged ` +
      `${pct(r.unanswerableFlagged)} %, answerable flagged ${pct(r.answerableFlagged)} %\n`;
    process.stdout.write(
      `${items.length} questions (${pos.length} answerable, ${neg.length} unanswerable); searches ${searchSeconds.toFixed(0)} s\n` +
        `ROC AUC (answerable scored above unanswerable): confidence ${report.confidenceAuc.toFixed(3)}, best-page relevance ${report.relevanceAuc.toFixed(3)}\n` +
        `chosen threshold ${chosen.threshold}: unanswerable flagged ${pct(chosen.unanswerableFlagged)} %, answerable flagged ${pct(chosen.answerableFlagged)} %\n` +
        roc
          .filter((p) => Math.round(p.threshold * 1000) % 25 === 0 && p.threshold <= 0.3)
          .map(
            (p) =>
              `  t=${p.threshold.toFixed(2)}  unanswerable flagged ${pct(p.unanswerableFlagged)} %  answerable flagged ${pct(p.answerableFlagged)} %\n`,
          )
          .join('') +
        line('after (this build)', after) +
        (before ? line(`before (${values.baseline})`, before) : '') +
        `Wrote ${values.out}\n`,
    );
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
