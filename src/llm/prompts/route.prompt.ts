import { z } from 'zod';
import { clip, exchange, stringList, text, uniqueBy, type RolePrompt } from './role-prompt';

// Document routing: the model picks, among the documents the fused signals ranked highest, the ones likely to hold
// the answer to a question over a whole library.

export interface RouteCandidate {
  id: string;
  title: string;
  /** What matched: section titles, summary openings, the best passage. */
  evidence: string[];
}

export interface RouteInput {
  question: string;
  /** Best first by the offline ranking. */
  candidates: RouteCandidate[];
  /** Documents to pick at most. */
  pick: number;
}

export interface RouteReply {
  /** Chosen document ids, best first; only ids offered, at most `pick`. */
  docIds: string[];
  reason: string;
}

const routeSchema = z.object({ docIds: stringList, reason: text });

export function buildRoutePrompt(input: RouteInput): RolePrompt<z.infer<typeof routeSchema>, RouteReply> {
  const offered = new Set(input.candidates.map((c) => c.id));
  const listing = input.candidates
    .map(
      (c) =>
        `[${c.id}] ${clip(c.title, 200)}` +
        (c.evidence.length ? `\n${c.evidence.map((e) => `  - ${clip(e, 200)}`).join('\n')}` : ''),
    )
    .join('\n');
  return {
    role: 'route',
    messages: exchange(
      `A question is asked over a library of documents. Pick the documents (at most ${input.pick}) most likely ` +
        'to hold its answer, best first, from the candidates listed with what matched in each. Reply with JSON: ' +
        '{"docIds": ["id", ...], "reason": "one sentence"}. Use only the ids in brackets.',
      `Question: ${input.question.trim()}\n\nCandidates:\n${listing}`,
    ),
    schema: routeSchema,
    finish: (raw) => ({
      docIds: uniqueBy(
        raw.docIds.filter((id) => offered.has(id)),
        (id) => id,
      ).slice(0, input.pick),
      reason: raw.reason,
    }),
  };
}
