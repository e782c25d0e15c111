// A slice of a document's embedded elements in reading order, with what evolution needs (text, kind, vector).
// Params: $docId, $skip, $limit
// Returns: id, kind, text, description, readingIndex, pageNumber, embedding
MATCH (e:Element {docId: $docId})
WHERE e.embedding IS NOT NULL
RETURN e.id AS id, e.kind AS kind, e.text AS text, e.description AS description,
       coalesce(e.readingIndex, 0) AS readingIndex, e.pageNumber AS pageNumber, e.embedding AS embedding
ORDER BY readingIndex, id
SKIP toInteger($skip)
LIMIT toInteger($limit)
