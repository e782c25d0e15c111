// Tests only: how a document's enrichment records are stored: its EnrichmentRecord stages, the value types of their
// counts, and the similar stage's legacy JSON property.
// Params: $docId
// Returns: stages, countTypes, finishedAtType, legacySimilar
MATCH (d:Document {id: $docId})
OPTIONAL MATCH (d)-[:HAS_ENRICHMENT]->(r:EnrichmentRecord)
WITH d, r ORDER BY r.stage
RETURN collect(r.stage) AS stages, collect(DISTINCT valueType(r.countValues)) AS countTypes,
       collect(DISTINCT valueType(r.finishedAt)) AS finishedAtType, d.enrichmentSimilar AS legacySimilar
