// VECTOR strategy: the elements nearest the question vector, grouped into their pages (page score = best
// element). Scoped to $docIds: an exact scan of those documents' elements through the docId index, so a scoped
// query never touches the rest of the corpus. Unscoped ($docIds null): the element vector index (ANN).
// Params: $embedding, $docIds, $candidates, $k, $perPage
// Returns: docId, pageNumber, score, elements
CALL () {
  UNWIND coalesce($docIds, []) AS docId
  MATCH (e:Element {docId: docId})
  WHERE e.embedding IS NOT NULL
  WITH e, vector.similarity.cosine(e.embedding, $embedding) AS score
  ORDER BY score DESC
  LIMIT toInteger($candidates)
  RETURN e, score
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  CALL db.index.vector.queryNodes('element_embedding', toInteger($candidates), $embedding) YIELD node, score
  RETURN node AS e, score
}
WITH e, score
ORDER BY score DESC
WITH e.docId AS docId, e.pageNumber AS pageNumber,
     collect({elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: score}) AS hits
RETURN docId, pageNumber, hits[0].score AS score, hits[0..toInteger($perPage)] AS elements
ORDER BY score DESC
LIMIT toInteger($k)
