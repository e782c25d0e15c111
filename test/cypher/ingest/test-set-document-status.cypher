// Test only: sets a document's status, to check that a document that is not READY is never cited.
// Params: $docId, $status
// Returns: docId
MATCH (d:Document {id: $docId})
SET d.status = $status
RETURN d.id AS docId
