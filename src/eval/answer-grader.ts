import type { LlmService } from '../llm/llm.service';
import type { TypedAnswer } from '../retrieve/answer/typed-answer';

// Answer accuracy for `folio bench --ask` (DOUBLE-BENCH: correct / partial / wrong). The bench runner only knows the
// AnswerGrader interface; LlmAnswerGrader backs it with the `llm` module's 'grade' role.

export type AnswerVerdict = 'correct' | 'partial' | 'wrong' | 'not-graded';

export interface AnswerToGrade {
  question: string;
  goldAnswer: string;
  /** MMLongBench's answer format (Str, Int, Float, List, None) when known. */
  goldFormat: string | null;
  answer: string;
  /** The answer as a value (what the strict grader reads); without it, `answer` is read as a sentence with no value. */
  typed?: TypedAnswer;
  /** The gold flag: false when the reference answer is "Not answerable" (never the system's own verdict). */
  answerable: boolean;
}

/** Page citations the answer carries ("[p. 12]", "[p. 5, printed page 3]"): where, not what, so never graded. */
export function withoutCitations(answer: string): string {
  return answer
    .replace(/\s*\[p\.[^\]]*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
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

/**
 * The `llm` module's 'grade' judge: DOUBLE-BENCH's LLM judge when configured (a failed reply stays ungraded, so a
 * report never mixes judges), else the deterministic string match, named as such in the report.
 */
export class LlmAnswerGrader implements AnswerGrader {
  readonly name: string;

  constructor(private readonly llm: Pick<LlmService, 'enabled' | 'model' | 'grade'>) {
    this.name = llm.enabled
      ? `LLM judge (${llm.model})`
      : 'string match (offline: containment, numbers, token F1; no LLM configured)';
  }

  async grade(item: AnswerToGrade): Promise<AnswerGrade> {
    const outcome = await this.llm.grade({
      question: item.question,
      reference: item.answerable ? item.goldAnswer : 'Not answerable',
      candidate: withoutCitations(item.answer),
    });
    if (this.llm.enabled && outcome.source !== 'llm')
      return { verdict: 'not-graded', reason: outcome.warning ?? 'the LLM judge gave no verdict' };
    return { verdict: outcome.value.verdict, reason: outcome.value.reason };
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
