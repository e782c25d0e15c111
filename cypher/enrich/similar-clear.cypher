// Removes the SIMILAR_TO edges leaving a document's pages (the edges its enrichment owns), in batches.
// Params: $docId
// Returns: nothing
MATCH (:Page {docId: $docId})-[r:SIMILAR_TO]->(:Page)
CALL (r) { DELETE r } IN TRANSACTIONS OF 5000 ROWS
