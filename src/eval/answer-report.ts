import { summarizeGrades } from './answer-grader';
import { summarizeTrust } from './answer-trust';
import type { Table } from './bench-report';
import type { BenchReport, QuestionRow, RunReport } from './bench-report.types';

// The `--ask` part of the benchmark report: unanswerable detection and accuracy per grader, the trust columns
// (grounded, cites evidence when found, cites a page judged irrelevant), and both by answer format, dataset and
// evidence source.

const pct = (x: number) => (100 * x).toFixed(1);
const share = (x: number | null) => (x === null ? '–' : pct(x));
const ms = (x: number) => x.toFixed(0);

/** A grader's name without its explanation: "strict", "string match", "LLM judge". */
const shortName = (grader: string) => grader.replace(/\s*\(.*$/, '');

type AskedRun = RunReport & {
  unanswerable: NonNullable<RunReport['unanswerable']>;
  answers: NonNullable<RunReport['answers']>;
};
const askedRuns = (report: BenchReport): AskedRun[] =>
  report.runs.filter((r): r is AskedRun => r.unanswerable !== null && r.answers !== null);

/** Per run: unanswerable detection, the grader's accuracy (and the comparison grader's), ask latency. */
export function answerTable(report: BenchReport): Table | null {
  const asked = askedRuns(report);
  if (asked.length === 0) return null;
  const comparison = asked.some((r) => r.comparisonAnswers);
  return {
    header: [
      'run',
      'asked',
      'unanswerable',
      'flag acc',
      'flag P',
      'flag R',
      'flag F1',
      'grader',
      'graded',
      'accuracy',
      ...(comparison ? ['comparison grader', 'its accuracy'] : []),
      'ask mean ms',
      'ask p95 ms',
    ],
    rows: asked.map((r) => [
      r.name,
      String(r.unanswerable.n),
      String(r.unanswerable.unanswerable),
      pct(r.unanswerable.accuracy),
      pct(r.unanswerable.precision),
      pct(r.unanswerable.recall),
      pct(r.unanswerable.f1),
      r.answers.grader,
      String(r.answers.graded),
      r.answers.accuracy === null ? 'not graded' : pct(r.answers.accuracy),
      ...(comparison
        ? [r.comparisonAnswers?.grader ?? '–', share(r.comparisonAnswers?.accuracy ?? null)]
        : []),
      r.askLatency ? ms(r.askLatency.meanMs) : '–',
      r.askLatency ? ms(r.askLatency.p95Ms) : '–',
    ]),
  };
}

const askedRows = (report: BenchReport, run: string) =>
  report.questions.filter(
    (q): q is QuestionRow & { ask: NonNullable<QuestionRow['ask']> } => q.run === run && q.ask !== null,
  );

/** Share of the questions whose answer is "Not answerable", among those with the given gold flag. */
function notAnswerableShare(rows: ReturnType<typeof askedRows>, goldAnswerable: boolean): number | null {
  const some = rows.filter((r) => r.answerable === goldAnswerable);
  return some.length === 0 ? null : some.filter((r) => !r.ask.answerable).length / some.length;
}

/** Per run: how far a reader can trust the answers beyond their value. */
export function answerTrustTable(report: BenchReport): Table | null {
  const asked = askedRuns(report).filter((r) => r.trust);
  if (asked.length === 0) return null;
  return {
    header: [
      'run',
      'answered',
      'grounded',
      'top 3 holds evidence',
      'cites evidence when found',
      'cites a page judged irrelevant',
      'Not answerable: of unanswerable',
      'of answerable',
    ],
    rows: asked.map((r) => {
      const rows = askedRows(report, r.name);
      const t = r.trust!;
      return [
        r.name,
        String(t.checked),
        share(t.grounded),
        String(t.foundInTop3),
        share(t.citesEvidenceWhenFound),
        String(t.citingIrrelevant),
        share(notAnswerableShare(rows, false)),
        share(notAnswerableShare(rows, true)),
      ];
    }),
  };
}

export const ANSWER_BREAKDOWNS = ['answerFormat', 'dataset', 'evidenceSource'] as const;
export type AnswerBreakdownKey = (typeof ANSWER_BREAKDOWNS)[number];

export const ANSWER_BREAKDOWN_TITLES: Record<AnswerBreakdownKey, string> = {
  answerFormat: 'Answers by answer format (MMLongBench-Doc: Str, Int, Float, List, None)',
  dataset: 'Answers by dataset',
  evidenceSource: 'Answers by evidence source (a question counts under each of its sources)',
};

function bucketsOf(key: AnswerBreakdownKey, q: QuestionRow): string[] {
  switch (key) {
    case 'answerFormat':
      return [q.answerFormat ?? '(no format given)'];
    case 'dataset':
      return [q.dataset];
    case 'evidenceSource':
      return q.evidenceSources.length > 0 ? [...new Set(q.evidenceSources)] : ['(none)'];
  }
}

/** Per bucket and run: accuracy by each grader, grounded and cites evidence when found (in %). */
export function answerBreakdownTable(report: BenchReport, key: AnswerBreakdownKey): Table | null {
  const asked = askedRuns(report);
  if (asked.length === 0) return null;
  const comparison = asked.some((r) => r.comparisonAnswers);
  const buckets = [
    ...new Set(asked.flatMap((r) => askedRows(report, r.name).flatMap((q) => bucketsOf(key, q)))),
  ].sort();
  const label = (r: AskedRun) =>
    [
      `${r.name} ${shortName(r.answers.grader)}`,
      ...(r.comparisonAnswers ? [shortName(r.comparisonAnswers.grader)] : comparison ? ['–'] : []),
      'grounded',
      'cites ev.',
    ].join(' / ');
  return {
    header: [key, 'n', ...asked.map(label)],
    rows: buckets.map((b) => {
      const cells = asked.map((r) => {
        const rows = askedRows(report, r.name).filter((q) => bucketsOf(key, q).includes(b));
        const graded = summarizeGrades(
          '',
          rows.map((q) => q.ask.verdict),
        ).accuracy;
        const compared = summarizeGrades(
          '',
          rows.map((q) => q.ask.comparison?.verdict ?? 'not-graded'),
        ).accuracy;
        const trust = summarizeTrust(rows.map((q) => ({ answerable: q.answerable, trust: q.ask.trust })));
        return [
          share(graded),
          ...(comparison ? [share(compared)] : []),
          share(trust.grounded),
          share(trust.citesEvidenceWhenFound),
        ].join(' / ');
      });
      const n = askedRows(report, asked[0]!.name).filter((q) => bucketsOf(key, q).includes(b)).length;
      return [b, String(n), ...cells];
    }),
  };
}

/** The answer sections of report.md: titled tables, in order (none without --ask). */
export function answerSections(report: BenchReport): Array<{ title: string; note: string; table: Table }> {
  const sections: Array<{ title: string; note: string; table: Table }> = [];
  const main = answerTable(report);
  if (!main) return sections;
  sections.push({
    title: 'Answers and unanswerable detection',
    note: 'Accuracy = correct / graded (partial counts 0). flag = the answer\'s own "answerable" verdict against the gold flag.',
    table: main,
  });
  const trust = answerTrustTable(report);
  if (trust)
    sections.push({
      title: 'Can a reader trust the answer',
      note:
        'In %. grounded: answers (not "Not answerable") whose every quote appears in the stored text of the element it ' +
        "cites; cites evidence when found: answers citing an evidence page, among answerable questions whose answer's " +
        'own search put one in its top 3; judged irrelevant: answers citing a page every judging step of the walk ' +
        'called IRRELEVANT (a count).',
      table: trust,
    });
  for (const key of ANSWER_BREAKDOWNS) {
    const table = answerBreakdownTable(report, key);
    if (table) sections.push({ title: ANSWER_BREAKDOWN_TITLES[key], note: 'In %.', table });
  }
  return sections;
}
