// TRACE walk step: the neighbours of candidate pages in the page graph, each with the edge that leads to it.
// Physical layer: NEXT_PAGE both ways (next-page, previous-page). Semantic layer: the $similarK best SIMILAR_TO
// neighbours (either direction, the best score per neighbour). References: REFERS_TO from an element of the page
// to a page, to the page of an element, or to the first page of a section (refers-to). Score is the SIMILAR_TO
// score, 1.0 for the other edges. A page is never its own neighbour.
// Params: $pages, $similarK
// Returns: docId, pageNumber, toDocId, toPage, via, score
UNWIND $pages AS p
MATCH (page:Page {docId: p.docId, number: p.pageNumber})
CALL (page) {
  MATCH (page)-[:NEXT_PAGE]->(n:Page)
  RETURN n, 'next-page' AS via, 1.0 AS score
  UNION
  MATCH (page)<-[:NEXT_PAGE]-(n:Page)
  RETURN n, 'previous-page' AS via, 1.0 AS score
  UNION
  CALL (page) {
    MATCH (page)-[r:SIMILAR_TO]-(n:Page)
    WHERE n <> page
    WITH n, max(r.score) AS score
    ORDER BY score DESC
    LIMIT toInteger($similarK)
    RETURN n, score
  }
  RETURN n, 'similar' AS via, score
  UNION
  MATCH (page)-[:HAS_ELEMENT]->(:Element)-[:REFERS_TO]->(target)
  CALL (target) {
    MATCH (target:Page) RETURN target AS n
    UNION
    MATCH (n:Page)-[:HAS_ELEMENT]->(target:Element) RETURN n
    UNION
    MATCH (n:Page {docId: target.docId, number: target.pageStart}) WHERE target:Section RETURN n
  }
  WITH DISTINCT n WHERE n <> page
  RETURN n, 'refers-to' AS via, 1.0 AS score
}
RETURN p.docId AS docId, p.pageNumber AS pageNumber, n.docId AS toDocId, n.number AS toPage, via, score
ORDER BY docId, pageNumber, score DESC, toPage
