// Replaces the vectors of a batch of pages of one document: the page vector and the page head vector (a page
// without text has no head vector; one left from before is removed).
// Params: $docId, $rows
// Returns: written
UNWIND $rows AS row
MATCH (p:Page {docId: $docId, number: row.pageNumber})
REMOVE p.embedding, p.headEmbedding
WITH p, row
CALL (p, row) {
  WITH p, row WHERE row.embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(p, 'embedding', row.embedding)
}
CALL (p, row) {
  WITH p, row WHERE row.headEmbedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(p, 'headEmbedding', row.headEmbedding)
}
RETURN count(p) AS written
