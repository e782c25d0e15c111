import type { AnswerJudges } from './answer-judging';
import { summarizeAnswers } from './answer-judging';
import { BREAKDOWN_KEYS, type BreakdownKey, type QuestionRow, type RunReport } from './bench-report.types';
import { summarizeLayout } from './layout-metrics';
import { latencySummary, type QuestionMetrics, summarize } from './metrics';
import type { Strategy } from '../retrieve/retrieve.types';

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
