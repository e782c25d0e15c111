// READY documents in scope ($docIds, null = the whole corpus) where the enrich summaries stage never ran: no
// record of it on the document and no Summary node of it. DMAP refuses them with the enrich command.
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
WHERE d.status = 'READY' AND d.enrichmentSummaries IS NULL
  AND NOT EXISTS { (d)-[:HAS_ENRICHMENT]->(:EnrichmentRecord {stage: 'summaries'}) }
  AND NOT EXISTS { MATCH (:Summary {docId: d.id}) }
RETURN d.id AS docId
ORDER BY docId
