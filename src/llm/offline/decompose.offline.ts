import type { DecomposeInput, DecomposeReply } from '../prompts/decompose.prompt';
import { uniqueContentTerms } from './text-stats';

const QUESTION_START =
  'what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will|has|have|had';
/** A conjunction that starts a new question ("… and how many …"), or a clause break before one. */
const CONJUNCTION_BEFORE_QUESTION = new RegExp(
  `\\s*(?:,\\s*|;\\s*)?\\b(?:and|also|as well as|but|then|while|whereas)\\b\\s+(?=(?:${QUESTION_START})\\b)`,
  'i',
);

/** The whole question first, then its parts split at question marks, semicolons and conjunctions. */
export function offlineDecompose(input: DecomposeInput): DecomposeReply {
  const question = input.question.trim();
  const max = input.maxSubQueries ?? 5;
  const parts = question
    .split(/\?+|;/)
    .flatMap((sentence) => sentence.split(CONJUNCTION_BEFORE_QUESTION))
    .map((part) => part.trim().replace(/^[,\s]+|[,\s]+$/g, ''))
    .filter((part) => uniqueContentTerms(part).length > 0)
    .map((part) => (part.endsWith('?') ? part : `${part}?`));
  const subQueries = parts.length > 1 ? [question, ...parts] : [question];
  const seen = new Set<string>();
  return {
    subQueries: subQueries
      .filter((q) => {
        const key = q.toLowerCase().replace(/[?\s]+$/, '');
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, Math.max(1, max)),
  };
}
