import { z } from 'zod';
import { clip, looseEnum, text, uniqueBy, type RolePrompt } from './role-prompt';

// MMRAG-DocQA's answer prompt: step-by-step analysis, the relevant pages, and a typed final answer.

export const NOT_ANSWERABLE = 'Not answerable';
const ANSWER_FORMATS = ['String', 'Integer', 'Float', 'List', 'None'] as const;
/** MMRAG-DocQA's answer types; retrieval's answers use them too. */
export type AnswerFormat = (typeof ANSWER_FORMATS)[number];

export interface AnswerEvidence {
  docId: string;
  pageNumber: number;
  text: string;
}

export interface AnswerInput {
  question: string;
  evidence: AnswerEvidence[];
  maxCharsPerPassage?: number;
}

export interface AnswerReply {
  analysis: string;
  answer: string;
  /** The answer's items when answerFormat is List. */
  items: string[];
  answerFormat: AnswerFormat;
  answerable: boolean;
  /** Page numbers the model cited that were among the evidence offered. */
  relevantPages: number[];
  /** The evidence passages on those pages. */
  citedEvidence: { docId: string; pageNumber: number }[];
  /** Page numbers the model cited that were never offered (dropped). */
  inventedPages: number[];
}

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const answerSchema = z.object({
  analysis: text,
  relevantPages: z.array(z.coerce.number()).catch([]).default([]),
  answerFormat: looseEnum(ANSWER_FORMATS),
  answer: z.union([scalar, z.array(scalar), z.null()]),
});
type RawAnswer = z.infer<typeof answerSchema>;

const DEFAULT_MAX_CHARS_PER_PASSAGE = 2_500;

export function buildAnswerPrompt(input: AnswerInput): RolePrompt<RawAnswer, AnswerReply> {
  const max = input.maxCharsPerPassage ?? DEFAULT_MAX_CHARS_PER_PASSAGE;
  const passages = input.evidence
    .map((e, i) => `[${i + 1}] document ${e.docId}, page ${e.pageNumber}\n${clip(e.text, max)}`)
    .join('\n\n');
  return {
    role: 'answer',
    messages: [
      {
        role: 'system',
        content:
          'You answer questions about documents using only the numbered evidence passages given. ' +
          'Reason step by step, then reply with one JSON object:\n' +
          '{"analysis": "step-by-step reasoning citing passage numbers", ' +
          '"relevantPages": [page numbers of the passages that support the answer], ' +
          '"answerFormat": "String" | "Integer" | "Float" | "List" | "None", "answer": the final answer}\n' +
          'Integer and Float answers are bare numbers without units; a List answer is a JSON array; a String answer is ' +
          `short. If the passages do not support an answer, set "answer" to "${NOT_ANSWERABLE}", "answerFormat" to ` +
          '"None" and "relevantPages" to [].',
      },
      { role: 'user', content: `Question: ${input.question.trim()}\n\nEvidence:\n${passages || '(none)'}` },
    ],
    schema: answerSchema,
    finish: (raw) => finishAnswer(raw, input.evidence),
  };
}

function finishAnswer(raw: RawAnswer, evidence: AnswerEvidence[]): AnswerReply {
  const offered = new Set(evidence.map((e) => e.pageNumber));
  const cited = [...new Set(raw.relevantPages.filter((p) => Number.isInteger(p)))];
  const relevantPages = cited.filter((p) => offered.has(p));
  const items = Array.isArray(raw.answer) ? raw.answer.map((v) => String(v).trim()).filter(Boolean) : [];
  const answer = Array.isArray(raw.answer)
    ? items.join(', ')
    : raw.answer === null
      ? ''
      : String(raw.answer).trim();
  const answerable =
    raw.answerFormat !== 'None' &&
    answer.length > 0 &&
    !/^not\s+answerable\b/i.test(answer.replace(/^["']/, ''));
  return {
    analysis: raw.analysis,
    answer: answerable ? answer : NOT_ANSWERABLE,
    items: answerable ? items : [],
    answerFormat: answerable ? raw.answerFormat : 'None',
    answerable,
    relevantPages: answerable ? relevantPages : [],
    citedEvidence: answerable
      ? uniqueBy(
          evidence
            .filter((e) => relevantPages.includes(e.pageNumber))
            .map(({ docId, pageNumber }) => ({ docId, pageNumber })),
          (e) => `${e.docId}#${e.pageNumber}`,
        )
      : [],
    inventedPages: cited.filter((p) => !offered.has(p)),
  };
}
