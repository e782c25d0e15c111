import { z } from 'zod';
import { clip, exchange, text, type RolePrompt } from './role-prompt';

// MMRAG-DocQA's parent-page re-ranking: a 0–1 relevance score of one page for the question.

export interface RelevanceInput {
  question: string;
  pageText: string;
  /** e.g. "document d1, page 4" — shown to the model, not required. */
  pageLabel?: string;
  maxChars?: number;
}

export interface RelevanceReply {
  score: number;
  reason: string;
}

const relevanceSchema = z.object({
  score: z.coerce.number().refine(Number.isFinite, 'must be a number'),
  reason: text,
});

export function buildRelevancePrompt(
  input: RelevanceInput,
): RolePrompt<z.infer<typeof relevanceSchema>, RelevanceReply> {
  return {
    role: 'relevance',
    messages: exchange(
      'Rate how useful a document page is for answering a question, from 0 (unrelated) to 1 (contains the answer). ' +
        'Reply with JSON: {"score": number between 0 and 1, "reason": "one sentence"}.',
      `Question: ${input.question.trim()}\n\n` +
        `Page${input.pageLabel ? ` (${input.pageLabel})` : ''}:\n${clip(input.pageText, input.maxChars ?? 4_000) || '(empty page)'}`,
    ),
    schema: relevanceSchema,
    finish: (raw) => ({ score: normaliseScore(raw.score), reason: raw.reason }),
  };
}

/** Models sometimes answer on a 0–10 or 0–100 scale despite the instruction. */
export function normaliseScore(score: number): number {
  const scaled = score > 1 && score <= 10 ? score / 10 : score > 10 && score <= 100 ? score / 100 : score;
  return Math.min(1, Math.max(0, scaled));
}
