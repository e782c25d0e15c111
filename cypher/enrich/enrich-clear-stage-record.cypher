// Removes a document's record of one enrichment stage: its EnrichmentRecord, and the JSON string an earlier build
// kept on the Document instead.
// Params: $docId, $stage
// Returns: id
MATCH (d:Document {id: $docId})
OPTIONAL MATCH (d)-[:HAS_ENRICHMENT]->(r:EnrichmentRecord {stage: $stage})
DETACH DELETE r
WITH DISTINCT d
SET d.enrichmentSummaries = CASE WHEN $stage = 'summaries' THEN null ELSE d.enrichmentSummaries END,
    d.enrichmentSimilar = CASE WHEN $stage = 'similar' THEN null ELSE d.enrichmentSimilar END,
    d.enrichmentEvolve = CASE WHEN $stage = 'evolve' THEN null ELSE d.enrichmentEvolve END,
    d.enrichmentTree = CASE WHEN $stage = 'tree' THEN null ELSE d.enrichmentTree END
RETURN d.id AS id
