import type { PageNeighbour } from '../retrieve.repository';
import { type Candidate, pageKey, type WalkOptions } from './trace-run';

/**
 * A RELEVANT page's neighbours in the order they should pop: next page, previous page, references, then similar
 * pages best first (the stack is pushed in reverse). Layers switched off and pages outside the scope are dropped.
 */
export function pushOrder(
  edges: PageNeighbour[],
  from: Candidate,
  options: WalkOptions,
  docIds: string[] | null,
): Array<Omit<Candidate, 'group'>> {
  const enabled = {
    'next-page': options.physicalEdges,
    'previous-page': options.physicalEdges,
    'refers-to': options.referenceEdges,
    similar: options.semanticEdges,
  };
  const rank = { 'next-page': 0, 'previous-page': 1, 'refers-to': 2, similar: 3 };
  const seen = new Set<string>();
  return edges
    .filter((e) => enabled[e.via] && (!docIds || docIds.includes(e.toDocId)))
    .sort((a, b) => rank[a.via] - rank[b.via] || b.score - a.score)
    .map((e) => ({
      docId: e.toDocId,
      pageNumber: e.toPage,
      via: e.via,
      fromPage: from.pageNumber,
      hop: from.hop + 1,
      edgeScore: e.score,
    }))
    .filter((n) => {
      if (seen.has(pageKey(n))) return false;
      seen.add(pageKey(n));
      return true;
    });
}
