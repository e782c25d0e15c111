// HYBRID and PARENT_PAGE strategies: vector and full-text element rankings fused by reciprocal rank
// (1 / ($rrfK + rank)), then grouped into pages. $aggregate 'max' scores a page by its best element (HYBRID);
// 'sum' adds up its elements' evidence with harmonic decay (best + second/2 + third/3 …), so a page with many
// weak matches does not outrank one strong match (PARENT_PAGE, MMRAG-DocQA's parent-page retrieval). Scoped like
// vector-pages; the full-text side is scoped inside Lucene by the docId clause of $luceneQuery (null = no terms).
// Params: $embedding, $docIds, $luceneQuery, $candidates, $k, $perPage, $rrfK, $aggregate
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
WITH e ORDER BY score DESC
WITH collect(e) AS vectorHits
CALL () {
  WITH $luceneQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('element_text', q, {limit: toInteger($candidates)}) YIELD node, score
  WITH node ORDER BY score DESC
  // Aggregating inside the subquery yields one row even with no term or no hit, so the vector hits survive.
  RETURN collect(node) AS textHits
}
WITH vectorHits, textHits
WITH [i IN range(0, size(vectorHits) - 1) | {e: vectorHits[i], rrf: 1.0 / ($rrfK + i + 1)}] +
     [i IN range(0, size(textHits) - 1) | {e: textHits[i], rrf: 1.0 / ($rrfK + i + 1)}] AS ranked
UNWIND ranked AS r
WITH r.e AS e, sum(r.rrf) AS score
ORDER BY score DESC
WITH e.docId AS docId, e.pageNumber AS pageNumber,
     collect({elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: score}) AS hits
WITH docId, pageNumber, hits,
     CASE $aggregate
       WHEN 'sum' THEN reduce(s = 0.0, i IN range(0, size(hits) - 1) | s + hits[i].score / ((i + 1) * (i + 1)))
       ELSE hits[0].score
     END AS score
RETURN docId, pageNumber, score, hits[0..toInteger($perPage)] AS elements
ORDER BY score DESC
LIMIT toInteger($k)
