import type { EvolveInput, EvolveReply } from '../prompts/evolve.prompt';

/** No rewrite and no new links: the rule-based Lite evolution (enrich module) does the offline work. */
export function offlineEvolve(input: EvolveInput): EvolveReply {
  return { summary: input.node.summary, keywords: [...input.node.keywords], links: [] };
}
