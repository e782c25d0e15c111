// G2 readout seeds: content-graph elements ranked for a (sub-)question by reciprocal-rank fusion of four
// rankings: the retrieval units (Passage) nearest the question expanded to the elements they COVER (an element
// ranks with its unit: elements carry no vectors of their own), the evolved vector (enrich evolve stage: the
// element blended with its neighbours, so a node also answers for its context) and the element full-text index
// (text and descriptions), and the tables of the financial statements the question names ($statementPages, at
// $statementPageWeight, as HYBRID weighs those pages). Elements in $exclude (already read out) are skipped. Scoped
// to $docIds by exact scans (full text scoped inside Lucene by the docId clause of $luceneQuery, null = no terms);
// unscoped through the passage vector index, the evolved ranking then over the elements those passages cover.
// Page headers and footers carry no content. Only READY documents.
// Params: $embedding, $docIds, $luceneQuery, $candidates, $k, $rrfK, $exclude, $statementPages, $statementPageWeight
// Returns: elementId, docId, pageNumber, kind, text, bbox, score
CALL () {
  CALL () {
    UNWIND coalesce($docIds, []) AS docId
    MATCH (u:Passage {docId: docId})
    WHERE u.embedding IS NOT NULL
    WITH u, vector.similarity.cosine(u.embedding, $embedding) AS similarity
    ORDER BY similarity DESC
    LIMIT toInteger($candidates)
    RETURN u, similarity
    UNION
    WITH $docIds AS scope
    WHERE scope IS NULL
    CALL db.index.vector.queryNodes('passage_embedding', toInteger($candidates), $embedding) YIELD node, score
    RETURN node AS u, score AS similarity
  }
  MATCH (u)-[:COVERS]->(e:Element)
  WHERE NOT e.id IN $exclude
  WITH e ORDER BY similarity DESC, e.readingIndex
  RETURN collect(e)[0..toInteger($candidates)] AS unitHits
}
CALL (unitHits) {
  CALL (unitHits) {
    UNWIND coalesce($docIds, []) AS docId
    MATCH (e:Element {docId: docId})
    WHERE e.evolvedEmbedding IS NOT NULL
    RETURN e
    UNION
    WITH unitHits WHERE $docIds IS NULL
    UNWIND unitHits AS e
    WITH e WHERE e.evolvedEmbedding IS NOT NULL
    RETURN e
  }
  WITH e WHERE NOT e.id IN $exclude
  WITH e ORDER BY vector.similarity.cosine(e.evolvedEmbedding, $embedding) DESC
  RETURN collect(e)[0..toInteger($candidates)] AS evolvedHits
}
CALL () {
  WITH $luceneQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('element_text', q, {limit: toInteger($candidates)}) YIELD node, score
  WITH node, score
  WHERE ($docIds IS NULL OR node.docId IN $docIds) AND NOT node.id IN $exclude AND NOT node.kind IN ['page-header', 'page-footer']
  WITH node ORDER BY score DESC
  RETURN collect(node) AS textHits
}
CALL () {
  UNWIND $statementPages AS s
  MATCH (e:Element {docId: s.docId, pageNumber: s.pageNumber})
  WHERE e.kind IN ['table', 'chart'] AND NOT e.id IN $exclude
  RETURN collect(e) AS statementHits
}
// The tables of a named statement all rank first: the question named the statement, not one of its row groups.
UNWIND [{hits: unitHits, weight: 1.0, tied: false}, {hits: evolvedHits, weight: 1.0, tied: false},
        {hits: textHits, weight: 1.0, tied: false}, {hits: statementHits, weight: $statementPageWeight, tied: true}]
       AS ranking
UNWIND range(0, size(ranking.hits) - 1) AS i
WITH ranking.hits[i] AS e, ranking.weight / ($rrfK + CASE WHEN ranking.tied THEN 0 ELSE i END + 1) AS rrf
WITH e, sum(rrf) AS score
MATCH (d:Document {id: e.docId}) WHERE d.status = 'READY'
RETURN e.id AS elementId, e.docId AS docId, e.pageNumber AS pageNumber, e.kind AS kind,
       coalesce(e.description, e.text, '') AS text, e.bbox AS bbox, score
ORDER BY score DESC, elementId
LIMIT toInteger($k)
