// The enrichment stages a document's graph can carry, in the order they run: enrichment writes them and
// retrieval's rankers declare which they read.

export const ENRICH_STAGE_NAMES = ['summaries', 'similar', 'evolve', 'tree'] as const;
export type EnrichStageName = (typeof ENRICH_STAGE_NAMES)[number];
