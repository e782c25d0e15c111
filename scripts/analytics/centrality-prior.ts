// Does a centrality prior help retrieval? Re-ranks the top-10 pages each run of a `folio bench` report returned,
// score = (1 − β)·(1 − (rank − 1)/10) + β·pageRank/max pageRank of the document, using the pageRank that
// `folio analyze --all --gds --write` stored, and scores hit@3, R@3 and NDCG@3 as the bench does. Pages outside
// the top 10 cannot move in, so R@10 is unchanged by construction.
//   npx tsx scripts/analytics/centrality-prior.ts bench-results/prior/baseline/report.json [--betas 0,0.05,0.1,0.2,0.3]
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import type * as AnalyticsServiceFile from '../../src/analytics/analytics.service';
import type * as CliAppFile from '../../src/cli/cli-app';
import { loadCompiled } from '../compiled-build';

interface QuestionRow {
  run: string;
  docId: string;
  evidencePages: number[];
  ranked: number[];
}

function at3(ranked: number[], evidence: number[]) {
  const top = ranked.slice(0, 3);
  const found = evidence.filter((p) => top.includes(p)).length;
  const dcg = top.reduce((t, p, i) => t + (evidence.includes(p) ? 1 / Math.log2(i + 2) : 0), 0);
  const ideal = Array.from({ length: Math.min(evidence.length, 3) }, (_, i) => 1 / Math.log2(i + 2)).reduce(
    (a, b) => a + b,
    0,
  );
  return {
    hit: found === evidence.length ? 1 : 0,
    recall: found / evidence.length,
    ndcg: ideal ? dcg / ideal : 0,
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { betas: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) throw new Error('usage: centrality-prior.ts <report.json> [--betas 0,0.1]');
  const betas = (values.betas ?? '0,0.05,0.1,0.2,0.3').split(',').map(Number);
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { questions: QuestionRow[] };
  const questions = report.questions.filter((q) => q.evidencePages?.length && q.ranked?.length);
  const { withCliApp } = await loadCompiled<typeof CliAppFile>('cli/cli-app');
  const { AnalyticsService } = await loadCompiled<typeof AnalyticsServiceFile>('analytics/analytics.service');
  const ranks = await withCliApp((app) =>
    app.get(AnalyticsService).storedPageRanks([...new Set(questions.map((q) => q.docId))]),
  );
  const maxOf = new Map<string, number>();
  for (const [key, pr] of ranks) {
    const doc = key.slice(0, key.lastIndexOf(':'));
    maxOf.set(doc, Math.max(maxOf.get(doc) ?? 0, pr));
  }
  const lines = ['| run | β | n | hit@3 | R@3 | NDCG@3 |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const run of [...new Set(questions.map((q) => q.run))]) {
    const rows = questions.filter((q) => q.run === run);
    for (const beta of betas) {
      const sum = { hit: 0, recall: 0, ndcg: 0 };
      for (const q of rows) {
        const max = maxOf.get(q.docId) ?? 0;
        const scored = q.ranked.map((page, i) => {
          const prior = max > 0 ? (ranks.get(`${q.docId}:${page}`) ?? 0) / max : 0;
          return { page, score: (1 - beta) * (1 - i / 10) + beta * prior };
        });
        const reranked = scored.sort((a, b) => b.score - a.score).map((s) => s.page);
        const m = at3(reranked, q.evidencePages);
        sum.hit += m.hit;
        sum.recall += m.recall;
        sum.ndcg += m.ndcg;
      }
      const pct = (x: number) => ((100 * x) / rows.length).toFixed(1);
      lines.push(
        `| ${run} | ${beta} | ${rows.length} | ${pct(sum.hit)} | ${pct(sum.recall)} | ${pct(sum.ndcg)} |`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\npages with a stored pageRank: ${ranks.size}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
});
