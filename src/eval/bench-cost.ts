import type { BenchReport } from './bench-report.types';
import type { Table } from './bench-report';

const perQuestion = (total: number, n: number) => (n === 0 ? '–' : (total / n).toFixed(1));

/**
 * Latency and cost per run: p50/p95 of one search, and per question the judge calls, LLM calls and tokens, pages
 * visited and judged, and the mean time of each stage (peers report latency only).
 */
export function costTable(report: BenchReport): Table {
  const stages = [...new Set(report.runs.flatMap((r) => (r.cost?.stages ?? []).map((s) => s.stage)))];
  return {
    header: [
      'run',
      'n',
      'p50 ms',
      'p95 ms',
      'judge calls/q',
      'LLM calls/q',
      'tokens/q',
      'pages visited/q',
      'pages judged/q',
      ...stages.map((s) => `${s} ms/q`),
    ],
    rows: report.runs.map((r) => {
      const n = report.questions.filter((q) => q.run === r.name && q.cost).length;
      const c = r.cost;
      return [
        r.name,
        String(r.latency.n),
        r.latency.p50Ms.toFixed(0),
        r.latency.p95Ms.toFixed(0),
        c ? perQuestion(c.judgeCalls, n) : '–',
        c ? perQuestion(c.llmCalls, n) : '–',
        c ? perQuestion(c.promptTokens + c.completionTokens, n) : '–',
        c ? perQuestion(c.pagesVisited, n) : '–',
        c ? perQuestion(c.pagesJudged, n) : '–',
        ...stages.map((s) => {
          const ms = c?.stages.find((x) => x.stage === s)?.ms;
          return ms === undefined ? '–' : perQuestion(ms, n);
        }),
      ];
    }),
  };
}
