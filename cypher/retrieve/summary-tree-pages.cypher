// SUMMARY_TREE strategy (MMRAG-DocQA summary retrieval over the RAPTOR-style tree, "collapsed tree"): the nodes
// nearest the question among all tree levels — cluster Summaries and the retrieval units (Passage) over the leaf
// elements — each mapped back to pages: a passage to the elements it COVERS, a cluster to the pages of the
// elements below it, weighted by its leaves on that page relative to its page with the most (a cluster's main
// page gets its full score, pages it only touches less). A page scores its best weighted node, so a broad cluster
// neither drowns nor outvotes a precise passage. Scoped to $docIds: exact scans through the docId indexes of
// Summary and Passage; unscoped ($docIds null): both vector indexes (ANN).
// Params: $embedding, $docIds, $candidates, $k, $perPage
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
RETURN docId, pageNumber, hits[0].score AS score, hits[0..toInteger($perPage)] AS elements
ORDER BY score DESC
LIMIT toInteger($k)
