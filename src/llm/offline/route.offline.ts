import type { RouteInput, RouteReply } from '../prompts/route.prompt';

/** Offline the offline ranking decides: its first `pick` candidates. */
export function offlineRoute(input: RouteInput): RouteReply {
  return {
    docIds: input.candidates.slice(0, input.pick).map((c) => c.id),
    reason: 'offline: the fused ranking of titles, outlines, summaries and passages',
  };
}
