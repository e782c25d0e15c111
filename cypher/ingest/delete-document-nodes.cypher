// Removes every node hanging off a document (pages, elements, passages, sections, summaries, revisions, enrichment
// records) and their relationships, in batches so a large document does not need one huge transaction. Nodes of
// other documents are untouched: each is selected by its own docId or document.
// Params: $docId
// Returns: nothing
CALL {
  MATCH (n:Element {docId: $docId}) RETURN n
  UNION
  MATCH (n:Passage {docId: $docId}) RETURN n
  UNION
  MATCH (n:Page {docId: $docId}) RETURN n
  UNION
  MATCH (n:Section {docId: $docId}) RETURN n
  UNION
  MATCH (n:Summary {docId: $docId}) RETURN n
  UNION
  MATCH (n:Revision {docId: $docId}) RETURN n
  UNION
  MATCH (:Document {id: $docId})-[:HAS_ENRICHMENT]->(n:EnrichmentRecord) RETURN n
}
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 2000 ROWS
