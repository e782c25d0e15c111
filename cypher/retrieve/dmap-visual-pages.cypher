// DMAP visual path: tables, figures and charts matched through their textual rendering: the vector of the
// retrieval unit (Passage) that COVERS the element (its description or grid with its title and caption) and the
// vector of the unit covering any caption that CAPTIONS it (the same unit when the caption sits on its page); an
// element scores its best of the two, a page its best visual element, and the evidence is that element with its
// caption. Scoped to $docIds by an exact scan; unscoped ($docIds null) through the passage vector index (table
// and figure units, expanded to the visual elements they cover). Only READY documents.
// Params: $embedding, $docIds, $candidates, $k
// Returns: docId, pageNumber, score, elements
CALL () {
  UNWIND coalesce($docIds, []) AS docId
  MATCH (e:Element {docId: docId})
  WHERE e.kind IN ['table', 'figure', 'chart']
  RETURN e
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  CALL db.index.vector.queryNodes('passage_embedding', toInteger($candidates) * 4, $embedding) YIELD node
  WITH node WHERE node.kind IN ['table', 'figure']
  MATCH (node)-[:COVERS]->(e:Element)
  WHERE e.kind IN ['table', 'figure', 'chart']
  RETURN e
}
OPTIONAL MATCH (eu:Passage)-[:COVERS]->(e)
OPTIONAL MATCH (c:Element)-[:CAPTIONS]->(e)
OPTIONAL MATCH (cu:Passage)-[:COVERS]->(c)
WITH e, c,
     CASE WHEN eu.embedding IS NULL THEN 0.0 ELSE vector.similarity.cosine(eu.embedding, $embedding) END AS own,
     CASE WHEN cu.embedding IS NULL THEN 0.0 ELSE vector.similarity.cosine(cu.embedding, $embedding) END AS caption
WITH e, collect(c)[0] AS c, max(CASE WHEN caption > own THEN caption ELSE own END) AS score
WHERE score > 0
ORDER BY score DESC
LIMIT toInteger($candidates)
WITH e.docId AS docId, e.pageNumber AS pageNumber,
     collect({e: e, c: c, score: score})[0] AS best
MATCH (d:Document {id: docId}) WHERE d.status = 'READY'
RETURN docId, pageNumber, best.score AS score,
       [x IN [best.e, best.c] WHERE x IS NOT NULL |
         {elementId: x.id, kind: x.kind, text: coalesce(x.description, x.text, ''), bbox: x.bbox, score: best.score}] AS elements
ORDER BY score DESC, pageNumber
LIMIT toInteger($k)
