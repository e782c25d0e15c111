// A document's enrichment records: its EnrichmentRecord nodes, and the JSON strings an earlier build kept on the
// Document per stage (read for stages without a node; null for stages never run).
// Params: $docId
// Returns: records, summaries, similar, evolve, tree
MATCH (d:Document {id: $docId})
RETURN COLLECT {
         MATCH (d)-[:HAS_ENRICHMENT]->(r:EnrichmentRecord)
         RETURN r {.*, finishedAt: toString(r.finishedAt)}
       } AS records,
       d.enrichmentSummaries AS summaries, d.enrichmentSimilar AS similar, d.enrichmentEvolve AS evolve,
       d.enrichmentTree AS tree
