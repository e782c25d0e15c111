import type { TypedAnswer } from '../retrieve/answer/typed-answer';
import {
  type AnswerGrade,
  type AnswerGrader,
  type AnswerVerdict,
  type GradeSummary,
  summarizeGrades,
} from './answer-grader';
import {
  answerTrust,
  type AnswerTrust,
  type AskedAnswer,
  type CitedElementReader,
  summarizeTrust,
  type TrustSummary,
  typedAnswerOf,
} from './answer-trust';
import type { BenchQuestion } from './bench-questions';
import {
  latencySummary,
  type LatencySummary,
  scoreUnanswerableDetection,
  type UnanswerableDetection,
} from './metrics';

// One asked question's record in `folio bench --ask` — its grades and trust checks — and a run's summary of them.

/** Who judges the answers of a run: the reported grader, optionally a second one beside it, and the graph reader. */
export interface AnswerJudges {
  grader: AnswerGrader;
  /** Graded too and reported beside the first (`--grader both`), or null. */
  comparison: AnswerGrader | null;
  /** Reads cited elements' stored text for the grounded check; null leaves it unmeasured. */
  citedElements: CitedElementReader | null;
}

export interface AskRow {
  /** The answer's sentence form. */
  answer: string;
  /** The system's own verdict. */
  answerable: boolean;
  /** Why the answerer answered so (which source read the value, or why Not answerable); null when not given. */
  analysis?: string | null;
  latencyMs: number;
  verdict: AnswerVerdict;
  reason: string | null;
  /** What the strict grader read: the typed answer, or the sentence with no value. */
  typed: TypedAnswer;
  /** The comparison grader's verdict (`--grader both`). */
  comparison: AnswerGrade | null;
  trust: AnswerTrust;
}

/** Grades one answer with each judge and runs the trust checks against the question's gold pages. */
export async function judgeAnswer(
  q: BenchQuestion,
  docId: string,
  result: AskedAnswer,
  latencyMs: number,
  judges: AnswerJudges,
): Promise<AskRow> {
  const typed = typedAnswerOf(result);
  const item = {
    question: q.question,
    goldAnswer: q.answer ?? '',
    goldFormat: q.answerFormat,
    answer: typed.text,
    typed,
    // the gold flag: graded against the system's own verdict, every "Not answerable" would count as correct
    answerable: q.answerable,
  };
  const grade = await judges.grader.grade(item);
  return {
    answer: typed.text,
    answerable: result.answerable,
    analysis: result.analysis ?? null,
    latencyMs,
    verdict: grade.verdict,
    reason: grade.reason,
    typed,
    comparison: judges.comparison ? await judges.comparison.grade(item) : null,
    trust: await answerTrust(result, { docId, evidencePages: q.evidencePages }, judges.citedElements),
  };
}

export interface AnswerSummaries {
  unanswerable: UnanswerableDetection;
  answers: GradeSummary;
  comparisonAnswers: GradeSummary | null;
  trust: TrustSummary;
  askLatency: LatencySummary;
}

/** A run's answer figures: unanswerable detection, each grader's accuracy, the trust checks and ask latency. */
export function summarizeAnswers(
  rows: Array<{ answerable: boolean; ask: AskRow | null }>,
  graderName: string,
  comparisonName: string | null,
): AnswerSummaries {
  const asked = rows.flatMap((r) => (r.ask ? [{ answerable: r.answerable, ask: r.ask }] : []));
  return {
    unanswerable: scoreUnanswerableDetection(
      asked.map((r) => ({ goldAnswerable: r.answerable, predictedAnswerable: r.ask.answerable })),
    ),
    answers: summarizeGrades(
      graderName,
      asked.map((r) => r.ask.verdict),
    ),
    comparisonAnswers:
      comparisonName === null
        ? null
        : summarizeGrades(
            comparisonName,
            asked.map((r) => r.ask.comparison?.verdict ?? 'not-graded'),
          ),
    trust: summarizeTrust(asked.map((r) => ({ answerable: r.answerable, trust: r.ask.trust }))),
    askLatency: latencySummary(asked.map((r) => r.ask.latencyMs)),
  };
}
