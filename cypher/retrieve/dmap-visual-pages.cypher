// DMAP visual path: tables, figures and charts matched through their textual rendering: the element vector
// (its description, or its text) and the vector of any caption that CAPTIONS it; an element scores its best of
// the two, a page its best visual element, and the evidence is that element with its caption. Scoped to $docIds
// by an exact scan; unscoped ($docIds null) through the element vector index (then filtered to visual kinds).
// Only READY documents.
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
  CALL db.index.vector.queryNodes('element_embedding', toInteger($candidates) * 4, $embedding) YIELD node
  WITH node WHERE node.kind IN ['table', 'figure', 'chart']
  RETURN node AS e
}
OPTIONAL MATCH (c:Element)-[:CAPTIONS]->(e)
WITH e, c,
     CASE WHEN e.embedding IS NULL THEN 0.0 ELSE vector.similarity.cosine(e.embedding, $embedding) END AS own,
     CASE WHEN c IS NULL OR c.embedding IS NULL THEN 0.0 ELSE vector.similarity.cosine(c.embedding, $embedding) END AS caption
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
