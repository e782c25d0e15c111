import { z } from 'zod';
import { clip, exchange, looseEnum, text, type RolePrompt } from './role-prompt';

// TRACE's judge: is this page relevant to this (sub-)question? A label plus the analysis behind it.

export interface JudgeInput {
  /** The atomic sub-question being answered. */
  question: string;
  pageText: string;
  pageLabel?: string;
  /** The user's full question, for context when judging a sub-question. */
  mainQuestion?: string;
  /** TRACE's memory: the analyses of pages already judged relevant, so the judge knows what is found already. */
  memory?: string[];
  maxChars?: number;
}

export interface JudgeReply {
  label: 'RELEVANT' | 'IRRELEVANT';
  analysis: string;
}

const judgeSchema = z.object({ label: looseEnum(['RELEVANT', 'IRRELEVANT'] as const), analysis: text });

export function buildJudgePrompt(input: JudgeInput): RolePrompt<JudgeReply> {
  const context =
    input.mainQuestion && input.mainQuestion.trim() !== input.question.trim()
      ? `Main question: ${input.mainQuestion.trim()}\n`
      : '';
  return {
    role: 'judge',
    messages: exchange(
      'You judge whether a document page holds information that helps answer a question. Analyse the page briefly, ' +
        'then label it RELEVANT (it contains facts, figures or statements that answer or directly support an answer) ' +
        'or IRRELEVANT. Reply with JSON: {"analysis": "short analysis", "label": "RELEVANT" | "IRRELEVANT"}.',
      `${context}Question: ${input.question.trim()}\n\n` +
        (input.memory?.length
          ? `Found on earlier pages:\n${input.memory.map((m) => `- ${clip(m, 300)}`).join('\n')}\n\n`
          : '') +
        `Page${input.pageLabel ? ` (${input.pageLabel})` : ''}:\n${clip(input.pageText, input.maxChars ?? 4_000) || '(empty page)'}`,
    ),
    schema: judgeSchema,
    finish: (reply) => reply,
  };
}
