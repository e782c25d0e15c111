// The pages of a document that have a vector (the ones SIMILAR_TO can link), in page order.
// Params: $docId
// Returns: id, number
MATCH (p:Page {docId: $docId})
WHERE p.embedding IS NOT NULL
RETURN p.id AS id, p.number AS number
ORDER BY p.number
