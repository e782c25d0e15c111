// VECTOR strategy: the retrieval units (Passage) nearest the question vector, grouped into their pages. A page
// scores its best passage plus $headWeight times the question's similarity to the page's head vector (its running
// header and opening words embedded): page-level evidence that a passage alone lacks. A page without a head vector
// (stored before head vectors; hasHead false) scores its best passage. A page's evidence is the elements its best
// passages cover. Scoped to $docIds: an exact scan of those documents' passages through the docId index, so a scoped query
// never touches the rest of the corpus. Unscoped ($docIds null): the passage vector index (ANN). Only READY
// documents are searched.
// Params: $embedding, $docIds, $candidates, $k, $perPage, $headWeight
// Returns: docId, pageNumber, score, elements, hasHead
CALL () {
  UNWIND coalesce($docIds, []) AS docId
  MATCH (u:Passage {docId: docId})
  WHERE u.embedding IS NOT NULL
  WITH u, vector.similarity.cosine(u.embedding, $embedding) AS score
  ORDER BY score DESC
  LIMIT toInteger($candidates)
  RETURN u, score
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  CALL db.index.vector.queryNodes('passage_embedding', toInteger($candidates), $embedding) YIELD node, score
  RETURN node AS u, score
}
WITH u, score
ORDER BY score DESC
WITH u.docId AS docId, u.pageNumber AS pageNumber, collect({passage: u, score: score}) AS hits
MATCH (d:Document {id: docId}) WHERE d.status = 'READY'
MATCH (p:Page {docId: docId, number: pageNumber})
WITH docId, pageNumber, hits, p.headEmbedding IS NOT NULL AS hasHead,
     hits[0].score + CASE
       WHEN p.headEmbedding IS NULL THEN 0.0
       ELSE $headWeight * vector.similarity.cosine(p.headEmbedding, $embedding)
     END AS score
ORDER BY score DESC
LIMIT toInteger($k)
CALL (hits) {
  UNWIND range(0, size(hits[0..toInteger($perPage)]) - 1) AS rank
  WITH rank, hits[rank] AS hit
  WITH rank, hit.passage AS u, hit.score AS score
  MATCH (u)-[:COVERS]->(e:Element)
  WITH rank, score, e ORDER BY rank, e.readingIndex
  RETURN collect({elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: score}) AS elements
}
RETURN docId, pageNumber, score, elements, hasHead
ORDER BY score DESC
