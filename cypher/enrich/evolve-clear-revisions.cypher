// Removes a document's Revision nodes (the evolution history) and their HAS_REVISION edges, in batches.
// Params: $docId
// Returns: nothing
MATCH (r:Revision {docId: $docId})
CALL (r) { DETACH DELETE r } IN TRANSACTIONS OF 5000 ROWS
