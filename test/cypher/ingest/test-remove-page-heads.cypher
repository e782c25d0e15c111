// Tests only: removes a document's page head vectors, as on a database stored before page heads.
// Params: $docId
// Returns: removed
MATCH (p:Page {docId: $docId})
WHERE p.headEmbedding IS NOT NULL
REMOVE p.headEmbedding
RETURN count(p) AS removed
