import { z } from 'zod';
import { clip, exchange, stringList, text, uniqueBy, type RolePrompt } from './role-prompt';

// G²-Reader's joint evolution step: rewrite a node's summary/keywords in the light of its candidate neighbourhood
// and pick typed logical links to some of those neighbours.

export const LINK_RELATIONS = [
  'reference',
  'causal',
  'part-whole',
  'elaboration',
  'temporal',
  'contrast',
  'hierarchy',
  'context',
] as const;
export type LinkRelation = (typeof LINK_RELATIONS)[number];

export interface EvolveNode {
  id: string;
  summary: string;
  keywords: string[];
}

export interface EvolveInput {
  node: EvolveNode & { text?: string };
  neighbours: EvolveNode[];
}

export interface EvolveLink {
  targetId: string;
  relation: LinkRelation;
  reason: string;
}

export interface EvolveReply {
  summary: string;
  keywords: string[];
  links: EvolveLink[];
}

const evolveSchema = z.object({
  summary: z.string().trim().min(1, 'must not be empty'),
  keywords: stringList,
  links: z
    .array(z.object({ target: z.union([z.string(), z.number()]), relation: z.string(), reason: text }))
    .default([]),
});
type RawEvolve = z.infer<typeof evolveSchema>;

/** Neighbours are shown as n1…nK: models copy short handles reliably and long ids (hashes, UUIDs) less so. */
function handleOf(index: number): string {
  return `n${index + 1}`;
}

export function buildEvolvePrompt(input: EvolveInput): RolePrompt<RawEvolve, EvolveReply> {
  const neighbours = input.neighbours
    .map(
      (n, i) =>
        `[${handleOf(i)}] ${clip(n.summary, 400)}${n.keywords.length ? ` (keywords: ${n.keywords.join(', ')})` : ''}`,
    )
    .join('\n');
  return {
    role: 'evolve',
    messages: exchange(
      'You maintain a graph of document elements. Given one element and candidate neighbours, (1) rewrite the ' +
        "element's summary and keywords so they also capture what its context makes clear, without inventing facts, " +
        '(2) link it to the neighbours it is logically related to, each with one relation from: ' +
        `${LINK_RELATIONS.join(', ')}. Link only where the relation is clear. Reply with JSON: ` +
        '{"summary": "...", "keywords": ["..."], "links": [{"target": "n1", "relation": "elaboration", "reason": "..."}]}.',
      `Element:\nsummary: ${clip(input.node.summary, 800)}\nkeywords: ${input.node.keywords.join(', ')}` +
        `${input.node.text ? `\ntext: ${clip(input.node.text, 1_500)}` : ''}\n\nCandidate neighbours:\n${neighbours || '(none)'}`,
    ),
    schema: evolveSchema,
    finish: (raw) => finishEvolve(raw, input),
  };
}

function finishEvolve(raw: RawEvolve, input: EvolveInput): EvolveReply {
  const idByHandle = new Map<string, string>();
  input.neighbours.forEach((n, i) => {
    idByHandle.set(handleOf(i), n.id);
    idByHandle.set(n.id.toLowerCase(), n.id);
  });
  const links: EvolveLink[] = [];
  for (const link of raw.links) {
    const key = String(link.target)
      .trim()
      .replace(/^\[|\]$/g, '')
      .toLowerCase();
    const targetId = idByHandle.get(key) ?? idByHandle.get(`n${key}`);
    const relation = toRelation(link.relation);
    if (targetId === undefined || relation === undefined || targetId === input.node.id) continue;
    links.push({ targetId, relation, reason: link.reason });
  }
  return {
    summary: raw.summary,
    keywords: uniqueBy(
      raw.keywords.filter((k) => k.length > 0),
      (k) => k.toLowerCase(),
    ),
    links: uniqueBy(links, (l) => `${l.targetId}|${l.relation}`),
  };
}

const RELATION_ALIASES: Record<string, LinkRelation> = {
  partof: 'part-whole',
  partwhole: 'part-whole',
  cause: 'causal',
};

export function toRelation(value: string): LinkRelation | undefined {
  const key = value.toLowerCase().replace(/[^a-z]/g, '');
  return LINK_RELATIONS.find((r) => r.replace('-', '') === key) ?? RELATION_ALIASES[key];
}
