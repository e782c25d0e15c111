// The evolved vectors of a document's elements (for inspecting and testing evolution), in reading order.
// Params: $docId
// Returns: id, vector
MATCH (e:Element {docId: $docId})
WHERE e.evolvedEmbedding IS NOT NULL
RETURN e.id AS id, e.evolvedEmbedding AS vector
ORDER BY e.readingIndex, e.id
