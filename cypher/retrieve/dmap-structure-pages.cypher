// DMAP structure path: the question against the document map. Section titles (Section vectors) and section and
// page summaries (Summary vectors, enrich summaries stage) nearest the question, each mapped to pages: a page
// summary to its page; a section title or summary to the pages of that section. A section longer than
// $sectionPages pages gives only its $sectionPages pages nearest the question (page vectors), so a chapter-sized
// hit does not flood the ranking; pages of one section keep that order just below the section score. A page
// keeps its best route. Scoped to $docIds by exact scans; unscoped ($docIds null) through the vector indexes.
// Only READY documents.
// Params: $embedding, $docIds, $candidates, $k, $sectionPages
// Returns: docId, pageNumber, score, via, section
CALL () {
  UNWIND coalesce($docIds, []) AS docId
  CALL (docId) {
    MATCH (n:Section {docId: docId})
    WHERE n.embedding IS NOT NULL
    RETURN n
    UNION
    MATCH (n:Summary {docId: docId})
    WHERE n.kind IN ['page', 'section'] AND n.embedding IS NOT NULL
    RETURN n
  }
  WITH n, vector.similarity.cosine(n.embedding, $embedding) AS score
  ORDER BY score DESC
  LIMIT toInteger($candidates)
  RETURN n, score
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  CALL db.index.vector.queryNodes('section_embedding', toInteger($candidates), $embedding) YIELD node, score
  RETURN node AS n, score
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  CALL db.index.vector.queryNodes('summary_embedding', toInteger($candidates) * 2, $embedding) YIELD node, score
  WITH node, score WHERE node.kind IN ['page', 'section']
  RETURN node AS n, score
}
WITH n, score
ORDER BY score DESC
LIMIT toInteger($candidates)
CALL (n, score) {
  MATCH (n)-[:SUMMARIZES]->(p:Page)
  WHERE n:Summary
  RETURN p, score AS pageScore, 'page-summary' AS via, null AS section
  UNION
  OPTIONAL MATCH (n)-[:SUMMARIZES]->(summarised:Section)
  WITH score, CASE WHEN n:Section THEN n ELSE summarised END AS s,
       CASE WHEN n:Section THEN 'section-title' ELSE 'section-summary' END AS via
  WHERE s IS NOT NULL
  MATCH (p:Page {docId: s.docId})
  WHERE s.pageStart <= p.number <= s.pageEnd
  WITH s, score, via, p,
       CASE WHEN p.embedding IS NULL THEN 0.0 ELSE vector.similarity.cosine(p.embedding, $embedding) END AS own
  ORDER BY own DESC
  WITH s, score, via, collect(p)[0..toInteger($sectionPages)] AS pages
  UNWIND range(0, size(pages) - 1) AS rank
  RETURN pages[rank] AS p, score - 0.001 * rank AS pageScore, via, s.title AS section
}
WITH p, pageScore, via, section
ORDER BY pageScore DESC
WITH p, collect({score: pageScore, via: via, section: section})[0] AS best
MATCH (d:Document {id: p.docId}) WHERE d.status = 'READY'
RETURN p.docId AS docId, p.number AS pageNumber, best.score AS score, best.via AS via, best.section AS section
ORDER BY score DESC, pageNumber
LIMIT toInteger($k)
