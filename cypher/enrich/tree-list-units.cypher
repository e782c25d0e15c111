// The leaves of a document's summary tree: its content elements (those a retrieval unit COVERS: running headers
// and footers are not, as page furniture would cluster together and summarise nothing) in reading order, each
// with the vector of its unit (elements carry no vectors of their own).
// Params: $docId
// Returns: id, pageNumber, kind, text, description, embedding
MATCH (u:Passage {docId: $docId})-[:COVERS]->(e:Element)
WHERE u.embedding IS NOT NULL AND NOT e.kind IN ['page-header', 'page-footer']
RETURN e.id AS id, e.pageNumber AS pageNumber, e.kind AS kind, e.text AS text, e.description AS description,
       u.embedding AS embedding
ORDER BY e.pageNumber, e.order
