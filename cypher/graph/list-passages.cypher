// A document's retrieval units in page and unit order, with the elements each covers (in reading order).
// Params: $docId
// Returns: id, pageNumber, order, kind, text, elementIds, hasEmbedding, embedding
MATCH (:Page {docId: $docId})-[:HAS_PASSAGE]->(u:Passage)
CALL (u) {
  MATCH (u)-[:COVERS]->(e:Element)
  WITH e ORDER BY e.readingIndex
  RETURN collect(e.id) AS elementIds
}
RETURN u.id AS id, u.pageNumber AS pageNumber, u.order AS order, u.kind AS kind, u.text AS text, elementIds,
       u.embedding IS NOT NULL AS hasEmbedding, u.embedding AS embedding
ORDER BY u.pageNumber, u.order
