import type { PlanInput, PlanReply } from '../prompts/plan.prompt';

/** One node: answer the question as asked. */
export function offlinePlan(input: PlanInput): PlanReply {
  return { nodes: [{ id: 'q1', question: input.question.trim(), dependsOn: [], depth: 1 }] };
}
