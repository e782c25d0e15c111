// The naive page-passage baseline's search within one document: the $candidates passages nearest the question
// vector (exact cosine over the document's passages) and the $candidates best full-text passages ($luceneQuery
// is scoped to the document by its docId clause; null = no terms, vector side only) are fused per passage by
// reciprocal rank (1 / ($rrfK + rank)); a page scores as its best passage.
// Params: $docId, $embedding, $luceneQuery, $candidates, $rrfK, $k
// Returns: pageNumber, score
CALL () {
  MATCH (n:NaivePassage {docId: $docId})
  WITH n, vector.similarity.cosine(n.embedding, $embedding) AS similarity
  ORDER BY similarity DESC
  LIMIT toInteger($candidates)
  RETURN collect(n) AS vectorHits
}
CALL () {
  WITH $luceneQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('naive_passage_text', q, {limit: toInteger($candidates)}) YIELD node, score
  WITH node, score WHERE node.docId = $docId
  WITH node ORDER BY score DESC
  RETURN collect(node) AS textHits
}
UNWIND [i IN range(0, size(vectorHits) - 1) | {n: vectorHits[i], rrf: 1.0 / ($rrfK + i + 1)}] +
       [i IN range(0, size(textHits) - 1) | {n: textHits[i], rrf: 1.0 / ($rrfK + i + 1)}] AS hit
WITH hit.n AS n, sum(hit.rrf) AS passageScore
WITH n.pageNumber AS pageNumber, max(passageScore) AS score
RETURN pageNumber, score
ORDER BY score DESC, pageNumber
LIMIT toInteger($k)
