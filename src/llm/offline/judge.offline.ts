import type { JudgeInput, JudgeReply } from '../prompts/judge.prompt';
import { lexicalOverlap } from './text-stats';

/** Share of the sub-question's content words a page must contain to be judged RELEVANT offline. */
export const OFFLINE_JUDGE_THRESHOLD = 0.5;

export function offlineJudge(input: JudgeInput, threshold = OFFLINE_JUDGE_THRESHOLD): JudgeReply {
  const { matched, missing, coverage } = lexicalOverlap(input.question, input.pageText);
  const relevant = matched.length > 0 && coverage >= threshold;
  return {
    label: relevant ? 'RELEVANT' : 'IRRELEVANT',
    analysis:
      `lexical overlap ${(coverage * 100).toFixed(0)}% (threshold ${(threshold * 100).toFixed(0)}%)` +
      (matched.length ? `; found: ${matched.join(', ')}` : '') +
      (missing.length ? `; missing: ${missing.join(', ')}` : ''),
  };
}
