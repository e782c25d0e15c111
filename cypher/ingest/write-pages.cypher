// Creates a batch of pages under their document, with the page vector and the page head vector (its running
// header and opening words embedded) in the compact vector representation; `name` ("p. 12") is Browser's caption.
// Numbers and counts are stored as Cypher INTEGERs (a JavaScript number arrives as a FLOAT).
// Params: $docId, $pages
// Returns: written
MATCH (d:Document {id: $docId})
UNWIND $pages AS row
CREATE (p:Page {id: row.id, docId: $docId})
SET p.number = toInteger(row.number), p.name = 'p. ' + toString(toInteger(row.number)), p.width = row.width,
    p.height = row.height, p.text = row.text, p.hasTextLayer = row.hasTextLayer,
    p.elementCount = toInteger(row.elementCount)
CREATE (d)-[:HAS_PAGE]->(p)
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
