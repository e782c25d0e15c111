// Removes the evolved properties (summary, keywords, evolved vector) from a document's elements, in batches.
// Params: $docId
// Returns: nothing
MATCH (e:Element {docId: $docId})
WHERE e.summary IS NOT NULL OR e.evolvedEmbedding IS NOT NULL
CALL (e) { REMOVE e.summary, e.keywords, e.evolvedEmbedding, e.evolvedAt, e.evolution } IN TRANSACTIONS OF 5000 ROWS
