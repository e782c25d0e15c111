import { z } from 'zod';
import { exchange, stringList, uniqueBy, type RolePrompt } from './role-prompt';

// TRACE's query decomposition into atomic sub-queries, each answerable from one place in the documents.

export interface DecomposeInput {
  question: string;
  maxSubQueries?: number;
}

export interface DecomposeReply {
  subQueries: string[];
}

const DEFAULT_MAX_SUB_QUERIES = 5;
const decomposeSchema = z.object({ subQueries: stringList });

export function buildDecomposePrompt(
  input: DecomposeInput,
): RolePrompt<z.infer<typeof decomposeSchema>, DecomposeReply> {
  const max = input.maxSubQueries ?? DEFAULT_MAX_SUB_QUERIES;
  return {
    role: 'decompose',
    messages: exchange(
      `Split a question about documents into at most ${max} atomic sub-queries: each asks for one fact and can be ` +
        'searched on its own (repeat the entities it needs instead of saying "it"). A simple question stays one ' +
        'sub-query. Reply with JSON: {"subQueries": ["...", "..."]}.',
      `Question: ${input.question.trim()}`,
    ),
    schema: decomposeSchema,
    finish: (raw) => {
      const subQueries = uniqueBy(
        raw.subQueries.filter((q) => q.length > 0),
        (q) => q.toLowerCase(),
      ).slice(0, Math.max(1, max));
      return { subQueries: subQueries.length > 0 ? subQueries : [input.question.trim()] };
    },
  };
}
