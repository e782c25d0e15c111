// A document's per-stage enrichment records (JSON strings; null for stages never run).
// Params: $docId
// Returns: summaries, similar, evolve, tree
MATCH (d:Document {id: $docId})
RETURN d.enrichmentSummaries AS summaries, d.enrichmentSimilar AS similar, d.enrichmentEvolve AS evolve,
       d.enrichmentTree AS tree
