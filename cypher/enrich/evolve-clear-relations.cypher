// Removes the RELATES_TO edges leaving a document's elements, in batches.
// Params: $docId
// Returns: nothing
MATCH (:Element {docId: $docId})-[r:RELATES_TO]->(:Element)
CALL (r) { DELETE r } IN TRANSACTIONS OF 5000 ROWS
