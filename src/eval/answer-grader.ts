// The seam for LLM-as-judge answer accuracy (DOUBLE-BENCH: correct / partial / wrong). The bench runner only knows
// this interface; an implementation backed by the `llm` module's 'grade' role plugs in here.

export type AnswerVerdict = 'correct' | 'partial' | 'wrong' | 'not-graded';

export interface AnswerToGrade {
  question: string;
  goldAnswer: string;
  /** MMLongBench's answer format (Str, Int, Float, List, None) when known. */
  goldFormat: string | null;
  answer: string;
  answerable: boolean;
}

export interface AnswerGrade {
  verdict: AnswerVerdict;
  /** Why, in the grader's words; null when not graded. */
  reason: string | null;
}

export interface AnswerGrader {
  /** Shown in the report: which judge graded the answers. */
  readonly name: string;
  grade(item: AnswerToGrade): Promise<AnswerGrade>;
}

/** Without a model, answers are recorded but not judged: accuracy is reported as not graded, never guessed. */
export class NotGradedAnswerGrader implements AnswerGrader {
  readonly name = 'none (offline: no LLM configured)';

  constructor(private readonly why = 'no LLM judge configured') {}

  grade(): Promise<AnswerGrade> {
    return Promise.resolve({ verdict: 'not-graded', reason: this.why });
  }
}

export interface GradeSummary {
  grader: string;
  graded: number;
  notGraded: number;
  correct: number;
  partial: number;
  wrong: number;
  /** correct / graded (partial counts 0); null when nothing was graded. */
  accuracy: number | null;
  /** (correct + 0.5·partial) / graded; null when nothing was graded. */
  partialCreditAccuracy: number | null;
}

export function summarizeGrades(grader: string, verdicts: AnswerVerdict[]): GradeSummary {
  const count = (v: AnswerVerdict) => verdicts.filter((x) => x === v).length;
  const correct = count('correct');
  const partial = count('partial');
  const wrong = count('wrong');
  const graded = correct + partial + wrong;
  return {
    grader,
    graded,
    notGraded: count('not-graded'),
    correct,
    partial,
    wrong,
    accuracy: graded === 0 ? null : correct / graded,
    partialCreditAccuracy: graded === 0 ? null : (correct + 0.5 * partial) / graded,
  };
}
