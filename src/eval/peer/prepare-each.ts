import type { PeerDocument, PeerIngestStats } from '../bench-ports';

/**
 * A peer's `prepare`: stores each document in turn with `store` (its pages and chunks), timed; a document that fails
 * keeps its error in its stats row and the others go on. Progress is reported before the first and after each one.
 */
export async function prepareEach(
  docs: PeerDocument[],
  onProgress: ((done: number, total: number) => void) | undefined,
  store: (doc: PeerDocument) => Promise<{ pages: number; chunks: number }>,
): Promise<PeerIngestStats[]> {
  const stats: PeerIngestStats[] = [];
  onProgress?.(0, docs.length);
  for (const doc of docs) {
    const t0 = performance.now();
    const ms = () => Math.round(performance.now() - t0);
    try {
      const { pages, chunks } = await store(doc);
      stats.push({ docId: doc.docId, ms: ms(), pages, chunks });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      stats.push({ docId: doc.docId, ms: ms(), pages: 0, chunks: 0, error });
    }
    onProgress?.(stats.length, docs.length);
  }
  return stats;
}
