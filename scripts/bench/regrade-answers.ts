// Re-grades the answers of a `folio bench --ask` report.json with this build's offline string-match judge and its
// strict grader (the answer's text, as reports written before typed answers hold no value), so reports written by
// older builds compare with new ones. Prints both accuracies and unanswerable detection per run.
//
//   npx tsx scripts/bench/regrade-answers.ts REPORT.json [--questions FILE] [--limit N]
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { FolioConfig } from '../../src/config/folio-config';
import { LlmAnswerGrader } from '../../src/eval/answer-grader';
import { strictGrade } from '../../src/eval/strict-grader';
import type { BenchReport } from '../../src/eval/bench-report.types';
import { LlmService } from '../../src/llm/llm.service';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      questions: { type: 'string', default: '../shared/bench/dev-questions.jsonl' },
      limit: { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file || !fs.existsSync(file)) throw new Error('Pass the report.json of a `folio bench --ask` run.');
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchReport;
  const gold = new Map<string, { question: string; answer: string; format: string | null }>();
  for (const line of fs.readFileSync(values.questions, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as {
      qid: string;
      question: string;
      answer?: string;
      extra?: { answer_format?: string };
    };
    gold.set(row.qid, {
      question: row.question,
      answer: row.answer ?? '',
      format: row.extra?.answer_format ?? null,
    });
  }
  const grader = new LlmAnswerGrader(new LlmService({ llm: null } as FolioConfig));
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  for (const run of report.runs) {
    const rows = report.questions.filter((q) => q.run === run.name && q.ask !== null).slice(0, limit);
    let correct = 0;
    let strictlyCorrect = 0;
    let flaggedUnanswerable = 0;
    let flaggedAnswerable = 0;
    for (const row of rows) {
      const g = gold.get(row.qid);
      if (!g) throw new Error(`${row.qid} is not in ${values.questions}`);
      const item = {
        question: g.question,
        goldAnswer: g.answer,
        goldFormat: g.format,
        answer: row.ask!.answer,
        answerable: row.answerable,
      };
      if ((await grader.grade(item)).verdict === 'correct') correct++;
      if (strictGrade(item).verdict === 'correct') strictlyCorrect++;
      if (!row.ask!.answerable) {
        if (row.answerable) flaggedAnswerable++;
        else flaggedUnanswerable++;
      }
    }
    const unanswerable = rows.filter((r) => !r.answerable).length;
    const answerable = rows.length - unanswerable;
    const pct = (a: number, b: number) => `${((100 * a) / Math.max(b, 1)).toFixed(1)} %`;
    process.stdout.write(
      `${run.name}: ${rows.length} asked; accuracy ${pct(correct, rows.length)} (${correct}) by string match, ` +
        `${pct(strictlyCorrect, rows.length)} (${strictlyCorrect}) strict; unanswerable flagged ` +
        `${pct(flaggedUnanswerable, unanswerable)} (${flaggedUnanswerable}/${unanswerable}); answerable flagged ` +
        `${pct(flaggedAnswerable, answerable)} (${flaggedAnswerable}/${answerable})\n`,
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
