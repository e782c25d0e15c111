// G2 readout seeds: content-graph elements ranked for a (sub-)question by reciprocal-rank fusion of three
// rankings: the element vector, the evolved vector (enrich evolve stage: the element blended with its
// neighbours, so a node also answers for its context) and the element full-text index (text and descriptions).
// Elements in $exclude (already read out) are skipped. Scoped to $docIds by exact scans (full text scoped inside
// Lucene by the docId clause of $luceneQuery, null = no terms); unscoped through the vector index. Page headers
// and footers carry no content. Only READY documents.
// Params: $embedding, $docIds, $luceneQuery, $candidates, $k, $rrfK, $exclude
// Returns: elementId, docId, pageNumber, kind, text, bbox, score
CALL () {
  UNWIND coalesce($docIds, []) AS docId
  MATCH (e:Element {docId: docId})
  WHERE e.embedding IS NOT NULL
  RETURN e, vector.similarity.cosine(e.embedding, $embedding) AS own,
         CASE WHEN e.evolvedEmbedding IS NULL THEN 0.0
              ELSE vector.similarity.cosine(e.evolvedEmbedding, $embedding) END AS evolved
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  CALL db.index.vector.queryNodes('element_embedding', toInteger($candidates), $embedding) YIELD node, score
  RETURN node AS e, score AS own,
         CASE WHEN node.evolvedEmbedding IS NULL THEN 0.0
              ELSE vector.similarity.cosine(node.evolvedEmbedding, $embedding) END AS evolved
}
WITH e, own, evolved
WHERE NOT e.id IN $exclude
CALL (e, own, evolved) {
  RETURN e AS x, own AS s, 'own' AS side
  UNION
  WITH e, evolved WHERE e.evolvedEmbedding IS NOT NULL
  RETURN e AS x, evolved AS s, 'evolved' AS side
}
WITH side, x, s ORDER BY s DESC
WITH side, collect(x)[0..toInteger($candidates)] AS ranked
WITH collect(ranked) AS rankings
CALL () {
  WITH $luceneQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('element_text', q, {limit: toInteger($candidates)}) YIELD node, score
  WITH node, score WHERE NOT node.id IN $exclude AND NOT node.kind IN ['page-header', 'page-footer']
  WITH node ORDER BY score DESC
  RETURN collect(node) AS textHits
}
UNWIND rankings + [textHits] AS ranking
UNWIND range(0, size(ranking) - 1) AS i
WITH ranking[i] AS e, 1.0 / ($rrfK + i + 1) AS rrf
WITH e, sum(rrf) AS score
MATCH (d:Document {id: e.docId}) WHERE d.status = 'READY'
RETURN e.id AS elementId, e.docId AS docId, e.pageNumber AS pageNumber, e.kind AS kind,
       coalesce(e.description, e.text, '') AS text, e.bbox AS bbox, score
ORDER BY score DESC, elementId
LIMIT toInteger($k)
