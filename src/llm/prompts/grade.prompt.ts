import { z } from 'zod';
import { exchange, looseEnum, text, type RolePrompt } from './role-prompt';

// DOUBLE-BENCH's LLM-as-judge: a candidate answer against the reference, correct / partial / wrong.

export interface GradeInput {
  question: string;
  reference: string;
  candidate: string;
}

export interface GradeReply {
  verdict: 'correct' | 'partial' | 'wrong';
  reason: string;
}

const gradeSchema = z.object({ verdict: looseEnum(['correct', 'partial', 'wrong'] as const), reason: text });

export function buildGradePrompt(input: GradeInput): RolePrompt<GradeReply> {
  return {
    role: 'grade',
    messages: exchange(
      'Grade a candidate answer against the reference answer to a question. "correct": same meaning (wording, ' +
        'formatting and rounding may differ); "partial": some but not all of the reference, or correct with an ' +
        'error added; "wrong": contradicts or misses the reference, or says it cannot answer. ' +
        'Reply with JSON: {"verdict": "correct" | "partial" | "wrong", "reason": "one sentence"}.',
      `Question: ${input.question.trim()}\nReference answer: ${input.reference.trim()}\nCandidate answer: ${input.candidate.trim()}`,
    ),
    schema: gradeSchema,
    finish: (reply) => reply,
  };
}
