import type { RelevanceInput, RelevanceReply } from '../prompts/relevance.prompt';
import { lexicalOverlap } from './text-stats';

/** Share of the question's content words the page contains (0–1). */
export function offlineRelevance(input: RelevanceInput): RelevanceReply {
  const { matched, missing, coverage } = lexicalOverlap(input.question, input.pageText);
  const total = matched.length + missing.length;
  return {
    score: Math.round(coverage * 1000) / 1000,
    reason:
      total === 0
        ? 'lexical: the question has no content words to match'
        : `lexical: ${matched.length}/${total} question terms on the page${matched.length ? ` (${matched.join(', ')})` : ''}`,
  };
}
