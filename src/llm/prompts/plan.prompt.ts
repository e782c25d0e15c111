import { z } from 'zod';
import { exchange, text, type RolePrompt } from './role-prompt';

// G²-Reader's planner: at most 6 sub-questions forming a DAG of depth at most 3, run in topological order.

export const MAX_PLAN_NODES = 6;
export const MAX_PLAN_DEPTH = 3;

export interface PlanInput {
  question: string;
  maxNodes?: number;
  maxDepth?: number;
}

export interface PlanNode {
  id: string;
  question: string;
  /** Ids of nodes whose answers this one needs; all appear earlier in `nodes`. */
  dependsOn: string[];
  /** 1 for nodes without dependencies. */
  depth: number;
}

export interface PlanReply {
  /** In topological order. */
  nodes: PlanNode[];
}

const id = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const planSchema = z.object({
  subQuestions: z
    .array(z.object({ id, question: text, dependsOn: z.array(id).catch([]).default([]) }))
    .min(1, 'list at least one sub-question'),
});
type RawPlan = z.infer<typeof planSchema>;

export function buildPlanPrompt(input: PlanInput): RolePrompt<RawPlan, PlanReply> {
  const maxNodes = input.maxNodes ?? MAX_PLAN_NODES;
  const maxDepth = input.maxDepth ?? MAX_PLAN_DEPTH;
  return {
    role: 'plan',
    messages: exchange(
      `Plan how to answer a question about documents as at most ${maxNodes} sub-questions. A sub-question that ` +
        'needs the answer of another lists that one in "dependsOn" and may refer to it as [q1]; chains are at most ' +
        `${maxDepth} deep and must not loop. A simple question is one sub-question. Reply with JSON: ` +
        '{"subQuestions": [{"id": "q1", "question": "...", "dependsOn": []}, {"id": "q2", "question": "... [q1] ...", "dependsOn": ["q1"]}]}.',
      `Question: ${input.question.trim()}`,
    ),
    schema: planSchema,
    finish: (raw) => normalisePlan(raw.subQuestions, input.question, maxNodes, maxDepth),
  };
}

/**
 * A valid DAG from whatever the model sent: duplicate ids and empty questions dropped, at most `maxNodes` kept,
 * dependencies on unknown ids dropped, cycles broken, and dependencies that would make a chain deeper than
 * `maxDepth` dropped. Nodes come back in topological order (ties keep the model's order).
 */
export function normalisePlan(
  raw: { id: string; question: string; dependsOn: string[] }[],
  question: string,
  maxNodes = MAX_PLAN_NODES,
  maxDepth = MAX_PLAN_DEPTH,
): PlanReply {
  const seen = new Set<string>();
  const kept = raw
    .filter((n) => n.id.length > 0 && n.question.length > 0 && !seen.has(n.id) && seen.add(n.id))
    .slice(0, maxNodes);
  if (kept.length === 0) return { nodes: [{ id: 'q1', question: question.trim(), dependsOn: [], depth: 1 }] };

  const ids = new Set(kept.map((n) => n.id));
  const pending = new Map(
    kept.map((n) => [n.id, [...new Set(n.dependsOn)].filter((d) => ids.has(d) && d !== n.id)]),
  );
  const depthOf = new Map<string, number>();
  const nodes: PlanNode[] = [];
  while (pending.size > 0) {
    let ready = kept.find((n) => pending.get(n.id)?.every((d) => depthOf.has(d)));
    if (!ready) {
      // Every remaining node waits on another remaining one: a cycle. Cut the first node's unresolved edges.
      ready = kept.find((n) => pending.has(n.id));
      if (!ready) break;
      pending.set(
        ready.id,
        (pending.get(ready.id) ?? []).filter((d) => depthOf.has(d)),
      );
    }
    const deps = (pending.get(ready.id) ?? []).filter((d) => (depthOf.get(d) ?? 0) < maxDepth);
    const depth = 1 + Math.max(0, ...deps.map((d) => depthOf.get(d) ?? 0));
    depthOf.set(ready.id, depth);
    pending.delete(ready.id);
    nodes.push({ id: ready.id, question: ready.question, dependsOn: deps, depth });
  }
  return { nodes };
}
