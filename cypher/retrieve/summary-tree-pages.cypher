// SUMMARY_TREE strategy (MMRAG-DocQA multi-granularity retrieval over the RAPTOR-style tree). Dense side, the
// "collapsed tree": the nodes nearest the question among all tree levels (cluster Summaries and the retrieval units,
// Passage, over the leaf elements), each mapped back to pages: a passage to the elements it COVERS, a cluster to
// the pages of the elements below it, weighted by its leaves on that page relative to its page with the most (a
// cluster's main page gets its full score, pages it only touches less). A page ranks by its best weighted node, so
// a broad cluster neither drowns nor outvotes a precise passage. Lexical sides, as in HYBRID: the passage full-text
// ranking (a page ranks by its best passage) and the whole-page full-text ranking at $pageTextWeight; the pages of a
// financial statement the question names join at rank 1 with $statementPageWeight. The page rankings are fused by
// reciprocal rank (1 / ($rrfK + rank)). Scoped to $docIds: exact scans through the docId indexes of Summary and
// Passage, full text scoped by the docId clause of $luceneQuery (null = no terms); unscoped ($docIds null): the
// vector indexes (ANN). Only READY documents are searched.
// Params: $embedding, $docIds, $luceneQuery, $candidates, $k, $perPage, $rrfK, $pageTextWeight, $statementPages, $statementPageWeight
// Returns: docId, pageNumber, score, elements
CALL () {
  UNWIND coalesce($docIds, []) AS docId
  CALL (docId) {
    MATCH (n:Passage {docId: docId})
    WHERE n.embedding IS NOT NULL
    RETURN n
    UNION
    MATCH (n:Summary {docId: docId})
    WHERE n.kind = 'cluster' AND n.embedding IS NOT NULL
    RETURN n
  }
  WITH n, vector.similarity.cosine(n.embedding, $embedding) AS score
  ORDER BY score DESC
  LIMIT toInteger($candidates)
  RETURN n, score
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  CALL db.index.vector.queryNodes('passage_embedding', toInteger($candidates), $embedding) YIELD node, score
  RETURN node AS n, score
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  CALL db.index.vector.queryNodes('summary_embedding', toInteger($candidates) * 2, $embedding) YIELD node, score
  WITH node, score WHERE node.kind = 'cluster'
  RETURN node AS n, score
}
WITH n, score
ORDER BY score DESC
LIMIT toInteger($candidates)
CALL (n, score) {
  WITH n, score WHERE n:Passage
  MATCH (n)-[:COVERS]->(e:Element)
  RETURN e, score AS weight
  UNION
  WITH n, score WHERE n:Summary
  MATCH (n)-[:SUMMARIZES*1..8]->(leaf:Element)
  WITH score, leaf.pageNumber AS page, collect(DISTINCT leaf) AS onPage
  WITH score, collect({page: page, leaves: onPage}) AS pages
  WITH score, pages, reduce(m = 0, p IN pages | CASE WHEN size(p.leaves) > m THEN size(p.leaves) ELSE m END) AS most
  UNWIND pages AS p
  UNWIND p.leaves AS leaf
  RETURN leaf AS e, score * size(p.leaves) / most AS weight
}
WITH e, max(weight) AS weight
ORDER BY weight DESC
WITH e.docId AS docId, e.pageNumber AS pageNumber,
     collect({elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: weight}) AS hits
ORDER BY hits[0].score DESC
WITH collect({docId: docId, pageNumber: pageNumber, elements: hits[0..toInteger($perPage)]}) AS densePages
CALL () {
  WITH $luceneQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('passage_text', q, {limit: toInteger($candidates)}) YIELD node, score
  WITH node, score WHERE $docIds IS NULL OR node.docId IN $docIds
  WITH node.docId AS docId, node.pageNumber AS pageNumber, max(score) AS score
  ORDER BY score DESC
  RETURN collect({docId: docId, pageNumber: pageNumber}) AS passageTextPages
}
CALL () {
  WITH $luceneQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('page_text', q, {limit: toInteger($candidates)}) YIELD node, score
  WITH node, score WHERE $docIds IS NULL OR node.docId IN $docIds
  WITH node ORDER BY score DESC
  RETURN collect({docId: node.docId, pageNumber: node.number}) AS pageTextPages
}
WITH [i IN range(0, size(densePages) - 1) | {page: densePages[i], rrf: 1.0 / ($rrfK + i + 1)}] +
     [i IN range(0, size(passageTextPages) - 1) | {page: passageTextPages[i], rrf: 1.0 / ($rrfK + i + 1)}] +
     [i IN range(0, size(pageTextPages) - 1) | {page: pageTextPages[i], rrf: $pageTextWeight / ($rrfK + i + 1)}] +
     [s IN $statementPages | {page: s, rrf: $statementPageWeight / ($rrfK + 1)}] AS ranked
UNWIND ranked AS r
WITH r.page.docId AS docId, r.page.pageNumber AS pageNumber, sum(r.rrf) AS score, head(collect(r.page.elements)) AS denseElements
MATCH (d:Document {id: docId}) WHERE d.status = 'READY'
WITH docId, pageNumber, score, denseElements
ORDER BY score DESC
LIMIT toInteger($k)
CALL (docId, pageNumber, denseElements) {
  // A page the dense side did not reach cites its passages nearest the question (one row, empty when not needed).
  OPTIONAL MATCH (:Page {docId: docId, number: pageNumber})-[:HAS_PASSAGE]->(u:Passage)
  WHERE denseElements IS NULL
  WITH u, vector.similarity.cosine(u.embedding, $embedding) AS similarity
  ORDER BY similarity DESC
  LIMIT toInteger($perPage)
  OPTIONAL MATCH (u)-[:COVERS]->(e:Element)
  WITH u, similarity, e ORDER BY similarity DESC, e.readingIndex
  RETURN collect(CASE WHEN e IS NOT NULL THEN {elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: similarity} END) AS nearest
}
RETURN docId, pageNumber, score, coalesce(denseElements, nearest) AS elements
ORDER BY score DESC
