// READY documents in scope ($docIds, null = the whole corpus) where the enrich evolve stage never ran: no record
// of it on the document and no RELATES_TO edge on any of its elements. G2 refuses them with the enrich command.
// Params: $docIds
// Returns: docId
CALL () {
  UNWIND coalesce($docIds, []) AS id
  MATCH (d:Document {id: id})
  RETURN d
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  MATCH (d:Document)
  RETURN d
}
WITH d
WHERE d.status = 'READY' AND d.enrichmentEvolve IS NULL
  AND NOT EXISTS { (d)-[:HAS_ENRICHMENT]->(:EnrichmentRecord {stage: 'evolve'}) }
  AND NOT EXISTS { MATCH (:Element {docId: d.id})-[:RELATES_TO]-() }
RETURN d.id AS docId
ORDER BY docId
