// Creates a batch of retrieval units (Passage) under their pages (HAS_PASSAGE), covering their elements
// (COVERS), with their vectors. Elements must be written first.
// Params: $docId, $passages
// Returns: written
UNWIND $passages AS row
MATCH (p:Page {docId: $docId, number: row.pageNumber})
CREATE (u:Passage {id: row.id, docId: $docId})
SET u.pageNumber = toInteger(row.pageNumber), u.order = toInteger(row.order), u.kind = row.kind, u.text = row.text
CREATE (p)-[:HAS_PASSAGE]->(u)
WITH u, row
CALL (u, row) {
  UNWIND row.elementIds AS elementId
  MATCH (e:Element {id: elementId})
  CREATE (u)-[:COVERS]->(e)
}
WITH u, row WHERE row.embedding IS NOT NULL
CALL db.create.setNodeVectorProperty(u, 'embedding', row.embedding)
RETURN count(u) AS written
