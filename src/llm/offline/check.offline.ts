import type { CheckInput, CheckReply } from '../prompts/check.prompt';
import { lexicalOverlap } from './text-stats';

/** Share of the question's content words the evidence must contain to count as sufficient offline. */
export const OFFLINE_CHECK_COVERAGE = 0.75;

export function offlineCheck(input: CheckInput, threshold = OFFLINE_CHECK_COVERAGE): CheckReply {
  const evidence = input.evidence.map((e) => e.text).join('\n');
  const { missing, coverage } = lexicalOverlap(input.question, evidence);
  const sufficient = input.evidence.length > 0 && coverage >= threshold;
  return {
    sufficient,
    gaps: sufficient ? [] : missing.map((term) => `no evidence mentions "${term}"`),
  };
}
