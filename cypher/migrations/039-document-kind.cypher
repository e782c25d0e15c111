// Every Document has a `kind` (TEXT, SLIDES or SCANNED) a search scope can filter by; documents ingested before
// ingest set it get it here from their pages, by src/document/document-kind.ts's rule. Idempotent: only documents
// without one, and only once their pages are written (READY).
// Params: none
// Returns: nothing
MATCH (d:Document)
WHERE d.kind IS NULL AND d.status = 'READY'
CALL (d) {
  OPTIONAL MATCH (d)-[:HAS_PAGE]->(p:Page)
  RETURN count(p) AS pages,
         count(CASE WHEN p.width >= p.height * 1.2 THEN 1 END) AS landscape,
         count(CASE WHEN p.hasTextLayer = false THEN 1 END) AS scanned
}
SET d.kind = CASE
  WHEN pages > 0 AND landscape * 2 >= pages THEN 'SLIDES'
  WHEN pages > 0 AND scanned * 2 >= pages THEN 'SCANNED'
  ELSE 'TEXT'
END
