// Removes the vectors a document's elements carried before retrieval units (elements are read through the
// Passage that covers them), so an old database takes the form ingestion now writes.
// Params: $docId
// Returns: cleared
MATCH (e:Element {docId: $docId})
WHERE e.embedding IS NOT NULL
REMOVE e.embedding
RETURN count(e) AS cleared
