// Projects the page graph of the given documents ($docIds null means every READY document) under $graphName:
// every page is a node; each page-to-page link becomes a directed CITES relationship (for PageRank) and an
// undirected LINK relationship (for Leiden and WCC), weighted by SIMILAR_TO.score and 1.0 otherwise. Links are
// SIMILAR_TO, REFERS_TO lifted to pages (a mention on page a naming page b, an element on b, or a section that
// starts on b) and, when $withNextPage, NEXT_PAGE, which also cites backwards so that the page chain itself
// gives later pages no more rank than earlier ones. Self-links are left out.
// Params: $graphName, $docIds, $withNextPage
// Returns: graphName, nodeCount, relationshipCount
MATCH (d:Document {status: 'READY'})
WHERE $docIds IS NULL OR d.id IN $docIds
MATCH (p:Page {docId: d.id})
OPTIONAL CALL (p) {
  MATCH (p)-[s:SIMILAR_TO]->(q:Page)
  RETURN q, s.score AS weight, ['CITES', 'LINK'] AS types
  UNION ALL
  MATCH (p)-[:HAS_ELEMENT]->(:Element)-[:REFERS_TO]->(t)
  CALL (t) {
    MATCH (t:Page) RETURN t AS q
    UNION
    MATCH (q:Page)-[:HAS_ELEMENT]->(t:Element) RETURN q
    UNION
    MATCH (q:Page {docId: t.docId, number: t.pageStart}) WHERE t:Section RETURN q
  }
  RETURN q, 1.0 AS weight, ['CITES', 'LINK'] AS types
  UNION ALL
  MATCH (p)-[:NEXT_PAGE]->(q:Page)
  WHERE $withNextPage
  RETURN q, 1.0 AS weight, ['CITES', 'LINK'] AS types
  UNION ALL
  MATCH (p)<-[:NEXT_PAGE]-(q:Page)
  WHERE $withNextPage
  RETURN q, 1.0 AS weight, ['CITES'] AS types
}
WITH p, CASE WHEN q <> p THEN q END AS q, weight, types
UNWIND (CASE WHEN q IS NULL THEN ['NONE'] ELSE types END) AS type
WITH gds.graph.project($graphName, p, CASE WHEN type = 'NONE' THEN null ELSE q END,
       {relationshipType: CASE WHEN type = 'NONE' THEN null ELSE type END,
        relationshipProperties: CASE WHEN type = 'NONE' THEN null ELSE {weight: toFloat(weight)} END},
       {undirectedRelationshipTypes: ['LINK'], logProgress: false}) AS g
RETURN g.graphName AS graphName, g.nodeCount AS nodeCount, g.relationshipCount AS relationshipCount
