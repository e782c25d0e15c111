// Fits and calibrates the offline answer's "Not answerable" model (ANSWERABILITY_MODEL, src/retrieve/answerability.ts)
// on the dev benchmark's MMLongBench-Doc questions, and measures it out of sample. Each question is searched once as
// `ask` searches (5 pages; by default GRAPH without RERANK, as `folio bench --ask --strategies GRAPH --rerank off`
// asks); the elements of the pages the answer reads and the page texts of its document are fetched; all are cached
// under bench-results/answerable/, so re-running after a change to the answerer only re-composes. Then:
//   - held out: documents split in two halves (fit and threshold on one, scored on the other, both ways) and a
//     5-fold document-grouped cross-validation (fit and threshold on four folds, scored on the fifth), so no score
//     comes from a model that saw the question's document; the ROC (AUC) of the pooled out-of-sample scores;
//   - the shipped model: fitted on every question, its threshold the point of the cross-validated ROC that flags
//     the most unanswerable questions with at most --max-flagged of the answerable ones flagged (printed as
//     TypeScript to paste into answerability.ts);
//   - the answers graded by the offline string-match judge: with the held-out flags and with the shipped model.
// With --baseline DIST (a build of another commit, e.g. main's) its answerer is graded on the same searches.
//
//   npm run bench:answerable   (builds, then runs this with --out bench-results/answerable/calibration.json)
//   npx tsx scripts/bench/answerable-calibration.ts [--questions FILE] [--pdfs DIR] [--limit N] [--seed S]
//        [--cache FILE] [--out FILE] [--max-flagged 0.15] [--baseline DIST] [--strategy GRAPH] [--rerank off|on]
//
// Reads only; the PDFs must be ingested. --limit keeps the first N questions of a seeded shuffle.
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
import type * as EmbedModuleFile from '../../src/embed/embed.module';
import { seededRandom } from '../../src/enrich/summary-tree/seeded-random';
import type * as AnswerGraderFile from '../../src/eval/answer-grader';
import { loadQuestions } from '../../src/eval/bench-questions';
import type * as DocumentRepositoryFile from '../../src/graph/document.repository';
import type * as GraphModuleFile from '../../src/graph/graph.module';
import { documentIdFor } from '../../src/ingest/document-id';
import type * as IngestServiceFile from '../../src/ingest/ingest.service';
import type * as LlmModuleFile from '../../src/llm/llm.module';
import type * as LlmServiceFile from '../../src/llm/llm.service';
import type * as ExtractiveAnswerFile from '../../src/retrieve/extractive-answer';
import type { AnswerElement } from '../../src/retrieve/extractive-answer';
import type * as RetrieveModuleFile from '../../src/retrieve/retrieve.module';
import type * as RetrieveServiceFile from '../../src/retrieve/retrieve.service';
import type * as AskServiceFile from '../../src/retrieve/answer/ask.service';
import { STRATEGIES, type SearchResult, type Strategy } from '../../src/retrieve/retrieve.types';
import {
  ANSWERABILITY_FEATURES,
  type AnswerabilityModel,
  answerableProbability,
  type DocumentPageText,
} from '../../src/retrieve/answerability';
import {
  fitAnswerability,
  groupFolds,
  type HeldOutFlags,
  heldOutFlags,
  type LabelledFeatures,
} from './answerable-model';
import { type AnswerablePoint, answerableRoc, chooseOperatingPoint } from './answerable-roc';
import { loadCompiled } from '../compiled-build';
import { auc, thresholdGrid } from './threshold-calibration';

/** Folio's modules from a build (this one, or --baseline's). */
async function loadBuild(dist?: string) {
  const load = <M>(file: string) => loadCompiled<M>(file, dist);
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
    ...(await load<typeof AskServiceFile>('retrieve/answer/ask.service')),
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
      cache: { type: 'string' },
      strategy: { type: 'string', default: 'GRAPH' },
      rerank: { type: 'string', default: 'off' },
      limit: { type: 'string' },
      seed: { type: 'string', default: '42' },
      'max-flagged': { type: 'string', default: '0.15' },
      baseline: { type: 'string' },
      lambda: { type: 'string', default: '0.3' },
    },
  });
  const seed = Number(values.seed);
  const lambda = Number(values.lambda);
  if (!(lambda >= 0)) throw new Error('--lambda must be a non-negative number');
  const maxFlagged = Number(values['max-flagged']);
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  if (!Number.isInteger(seed) || !(maxFlagged >= 0 && maxFlagged < 1))
    throw new Error('--seed must be an integer and --max-flagged a share in [0, 1)');
  const strategy = values.strategy as Strategy;
  if (!STRATEGIES.includes(strategy)) throw new Error(`--strategy must be one of ${STRATEGIES.join(', ')}`);
  if (values.rerank !== 'on' && values.rerank !== 'off') throw new Error('--rerank must be on or off');
  const rerank = values.rerank === 'on';
  // One cache per search setting: the features differ with and without the cross-encoder's page scores.
  const cacheFile =
    values.cache ??
    path.join('bench-results', 'answerable', `searches-${strategy}${rerank ? '-rerank' : ''}.jsonl`);
  if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 1)))
    throw new Error('--limit must be a positive integer');

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
  class AnswerableCalibrationModule {}
  const app = await NestFactory.createApplicationContext(AnswerableCalibrationModule, {
    logger: ['error', 'warn'],
  });
  try {
    const config = app.get<FolioConfig>(build.FOLIO_CONFIG);
    const retrieve = app.get(build.RetrieveService);
    const asker = app.get(build.AskService);
    const set = loadQuestions(values.questions, values.pdfs, { datasets: ['mmlongbench-doc'] });
    const docIdOf = new Map<string, string>();
    for (const pdfName of new Set(set.questions.map((q) => q.pdfName)))
      docIdOf.set(pdfName, documentIdFor(fs.readFileSync(path.join(set.pdfDir, pdfName))).docId);
    const stored = await app.get(build.DocumentRepository).getMany([...docIdOf.values()]);
    const ready = new Set(stored.flatMap((d) => (d?.status === 'READY' ? [d.id] : [])));
    const questions = shuffled(
      set.questions.filter((q) => ready.has(docIdOf.get(q.pdfName)!)),
      seed,
    ).slice(0, limit);
    if (questions.length === 0) throw new Error('No MMLongBench-Doc question on an ingested document.');

    // Phase 1: the searches, cached.
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    const cache = new Map<string, CachedSearch>();
    if (fs.existsSync(cacheFile))
      for (const line of fs.readFileSync(cacheFile, 'utf8').split('\n'))
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
        strategy,
        scope: { docIds: [docIdOf.get(q.pdfName)!] },
        k: 5,
        rerank,
      });
      const row: CachedSearch = { qid: q.qid, search, elements: await asker.answerElements(search) };
      cache.set(q.qid, row);
      fs.appendFileSync(cacheFile, `${JSON.stringify(row)}\n`);
    }
    progress.finishStage();
    const searchSeconds = (performance.now() - t0) / 1000;
    const documentsFile = path.join(path.dirname(cacheFile), 'document-pages.json');
    const documentPages = fs.existsSync(documentsFile)
      ? (JSON.parse(fs.readFileSync(documentsFile, 'utf8')) as Record<string, DocumentPageText[]>)
      : {};
    const missing = [...new Set(questions.map((q) => docIdOf.get(q.pdfName)!))].filter(
      (d) => !documentPages[d],
    );
    for (const docId of missing) documentPages[docId] = await asker.answerDocumentPages([docId]);
    if (missing.length > 0) fs.writeFileSync(documentsFile, JSON.stringify(documentPages));

    // Phase 2: features, held-out ROC and operating point, the shipped model, graded answers.
    const answerer = new build.ExtractiveAnswerer();
    const grader = new build.LlmAnswerGrader(new build.LlmService({ ...config, llm: null }));
    const items = questions.map((q) => {
      const cached = cache.get(q.qid)!;
      const context = { documentPages: documentPages[docIdOf.get(q.pdfName)!] ?? [] };
      const composed = answerer.compose(q.question, cached.search, cached.elements, context);
      // No page, or no sentence sharing a word with the question: "Not answerable" whatever the model says.
      const alwaysFlagged = cached.search.pages.length === 0 || composed.units.length === 0;
      return { q, cached, context, features: composed.features, alwaysFlagged };
    });
    const rows: LabelledFeatures[] = items.map((x) => ({
      group: x.q.pdfName,
      answerable: x.q.answerable,
      features: x.features,
      alwaysFlagged: x.alwaysFlagged,
    }));
    const grid = thresholdGrid(0, 1, 0.01);
    const chooseThreshold = (pos: number[], neg: number[]) =>
      chooseOperatingPoint(answerableRoc(pos, neg, grid), maxFlagged).threshold;
    const order = (groups: string[]) => shuffled(groups, seed);
    const evaluate = (k: number) => {
      const flags = heldOutFlags(
        rows,
        groupFolds(rows, k, order),
        (t) => fitAnswerability(t, { lambda }),
        chooseThreshold,
      );
      const pos = flags.scores.filter((_, i) => rows[i]!.answerable);
      const neg = flags.scores.filter((_, i) => !rows[i]!.answerable);
      const share = (gold: boolean) =>
        rows.filter((r, i) => r.answerable === gold && flags.flagged[i]).length /
        Math.max(rows.filter((r) => r.answerable === gold).length, 1);
      return {
        folds: k,
        auc: auc(pos, neg),
        thresholds: flags.thresholds,
        unanswerableFlagged: share(false),
        answerableFlagged: share(true),
        roc: answerableRoc(pos, neg, grid),
        flags,
      };
    };
    const halves = evaluate(2);
    const crossValidated = evaluate(5);
    const fitted = fitAnswerability(rows, { lambda });
    const chosen = chooseOperatingPoint(crossValidated.roc, maxFlagged);
    const model: AnswerabilityModel = { ...fitted, threshold: chosen.threshold };
    const inSample = items.map((x) => answerableProbability(x.features, model));
    const featureAuc = Object.fromEntries(
      ANSWERABILITY_FEATURES.map((f) => [
        f,
        auc(
          rows.filter((r) => r.answerable).map((r) => r.features[f]),
          rows.filter((r) => !r.answerable).map((r) => r.features[f]),
        ),
      ]),
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
    const notAnswerable: Answer = { answer: 'Not answerable', answerable: false };
    const answerAt = (x: (typeof items)[number], flagged: boolean): Answer =>
      flagged
        ? notAnswerable
        : answerer.answer(x.q.question, x.cached.search, x.cached.elements, {
            ...x.context,
            minConfidence: 0,
          });
    const shipped = await gradeAll((x) =>
      answerer.answer(x.q.question, x.cached.search, x.cached.elements, {
        ...x.context,
        model,
      }),
    );
    const index = new Map(items.map((x, i) => [x.q.qid, i]));
    const heldOut = await gradeAll((x) => answerAt(x, crossValidated.flags.flagged[index.get(x.q.qid)!]!));
    const neverFlagged = await gradeAll((x) => answerAt(x, false));
    let before: Awaited<ReturnType<typeof gradeAll>> | null = null;
    if (values.baseline) {
      const old = await loadBuild(path.resolve(values.baseline));
      const oldAnswerer = new old.ExtractiveAnswerer() as unknown as {
        answer(question: string, search: SearchResult, elements: AnswerElement[]): Answer;
      };
      before = await gradeAll((x) => oldAnswerer.answer(x.q.question, x.cached.search, x.cached.elements));
    }

    const summary = (r: { flags: HeldOutFlags; roc: AnswerablePoint[] } & Record<string, unknown>) => ({
      ...r,
      flags: undefined,
      roc: r.roc.filter((p) => Math.round(p.threshold * 100) % 5 === 0),
    });
    const report = {
      createdAt: new Date().toISOString(),
      strategy,
      rerank,
      questions: items.length,
      answerable: rows.filter((r) => r.answerable).length,
      unanswerable: rows.filter((r) => !r.answerable).length,
      documents: new Set(rows.map((r) => r.group)).size,
      seed,
      searchSeconds,
      maxAnswerableFlagged: maxFlagged,
      featureAuc,
      heldOut: { halves: summary(halves), crossValidated: summary(crossValidated) },
      chosen,
      model,
      inSampleAuc: auc(
        inSample.filter((_, i) => rows[i]!.answerable),
        inSample.filter((_, i) => !rows[i]!.answerable),
      ),
      answers: {
        shipped: { ...shipped, rows: undefined },
        heldOut: { ...heldOut, rows: undefined },
        neverFlagged: { ...neverFlagged, rows: undefined },
        before: before ? { ...before, rows: undefined } : null,
      },
      rows: shipped.rows.map((r, i) => ({
        ...r,
        probability: inSample[i],
        heldOutProbability: crossValidated.flags.scores[i],
        features: items[i]!.features,
        before: before?.rows[i],
      })),
    };
    fs.mkdirSync(path.dirname(values.out), { recursive: true });
    fs.writeFileSync(values.out, JSON.stringify(report, null, 2));
    const line = (name: string, r: NonNullable<typeof before>) =>
      `| ${name} | ${pct(r.accuracy)} | ${pct(r.accuracyAnswerable)} | ${pct(r.unanswerableFlagged)} | ` +
      `${pct(r.answerableFlagged)} |\n`;
    const heldOutLine = (name: string, r: typeof halves) =>
      `| ${name} | ${r.auc.toFixed(3)} | ${r.thresholds.map((t) => t.toFixed(2)).join(', ')} | ` +
      `${pct(r.unanswerableFlagged)} | ${pct(r.answerableFlagged)} |\n`;
    process.stdout.write(
      `${items.length} questions (${report.answerable} answerable, ${report.unanswerable} unanswerable) on ` +
        `${report.documents} documents; ${strategy}${rerank ? ' + RERANK' : ''}; searches ${searchSeconds.toFixed(0)} s\n\n` +
        `Feature AUC (answerable above unanswerable): ${Object.entries(featureAuc)
          .map(([f, v]) => `${f} ${v.toFixed(3)}`)
          .join(', ')}\n\n` +
        `| held out (documents grouped) | AUC | thresholds chosen on the training folds | unanswerable flagged % | answerable flagged % |\n` +
        `| --- | --- | --- | --- | --- |\n` +
        heldOutLine('two halves', halves) +
        heldOutLine('5-fold cross-validation', crossValidated) +
        `\nChosen point (cross-validated ROC, at most ${pct(maxFlagged)} % of answerable flagged): threshold ` +
        `${chosen.threshold}, unanswerable flagged ${pct(chosen.unanswerableFlagged)} %, answerable flagged ` +
        `${pct(chosen.answerableFlagged)} %; in-sample AUC of the shipped model ${report.inSampleAuc.toFixed(3)}\n` +
        `Cross-validated ROC:\n` +
        crossValidated.roc
          .filter((p) => Math.round(p.threshold * 100) % 5 === 0 && p.threshold >= 0.2 && p.threshold <= 0.8)
          .map(
            (p) =>
              `  t=${p.threshold.toFixed(2)}  unanswerable flagged ${pct(p.unanswerableFlagged)} %  answerable flagged ${pct(p.answerableFlagged)} %\n`,
          )
          .join('') +
        `\n| answers (string-match judge) | accuracy % | answerable correct % | unanswerable flagged % | answerable flagged % |\n` +
        `| --- | --- | --- | --- | --- |\n` +
        line('shipped model (fitted on all: in sample)', shipped) +
        line('held-out flags (5-fold)', heldOut) +
        line('never "Not answerable"', neverFlagged) +
        (before ? line(`before (${values.baseline})`, before) : '') +
        `\nShipped model for src/retrieve/answerability.ts:\n${JSON.stringify(model, null, 2)}\n` +
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
