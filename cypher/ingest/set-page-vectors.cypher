// Replaces the vectors of a batch of pages of one document.
// Params: $docId, $rows
// Returns: written
UNWIND $rows AS row
MATCH (p:Page {docId: $docId, number: row.pageNumber})
CALL db.create.setNodeVectorProperty(p, 'embedding', row.embedding)
RETURN count(p) AS written
