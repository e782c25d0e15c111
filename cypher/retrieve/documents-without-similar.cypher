// READY documents in scope ($docIds, null = the whole corpus) where the enrich similar stage never ran: no record
// of it on the document and no SIMILAR_TO edge on any of its pages. TRACE names them with the enrich command.
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
WHERE d.status = 'READY' AND d.enrichmentSimilar IS NULL
  AND NOT EXISTS { (d)-[:HAS_ENRICHMENT]->(:EnrichmentRecord {stage: 'similar'}) }
  AND NOT EXISTS { MATCH (:Page {docId: d.id})-[:SIMILAR_TO]-() }
RETURN d.id AS docId
ORDER BY docId
