// The leaves of a document's summary tree: its embedded elements in reading order, without running headers
// and footers (page furniture would cluster together and summarise nothing).
// Params: $docId
// Returns: id, pageNumber, kind, text, description, embedding
MATCH (e:Element {docId: $docId})
WHERE e.embedding IS NOT NULL AND NOT e.kind IN ['page-header', 'page-footer']
RETURN e.id AS id, e.pageNumber AS pageNumber, e.kind AS kind, e.text AS text, e.description AS description,
       e.embedding AS embedding
ORDER BY e.pageNumber, e.order
