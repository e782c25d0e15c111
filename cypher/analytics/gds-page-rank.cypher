// PageRank over the directed CITES relationships of the projected page graph $graphName (weighted, damping
// 0.85, one thread), the central pages first, each with a title: its first heading, else its first words.
// Params: $graphName
// Returns: pageId, docId, pageNumber, score, title
CALL gds.pageRank.stream($graphName,
  {relationshipTypes: ['CITES'], relationshipWeightProperty: 'weight', dampingFactor: 0.85, maxIterations: 40,
   concurrency: 1, logProgress: false})
YIELD nodeId, score
WITH gds.util.asNode(nodeId) AS p, score
RETURN p.id AS pageId, p.docId AS docId, p.number AS pageNumber, score,
       coalesce(COLLECT { MATCH (p)-[:HAS_ELEMENT]->(e:Heading)
                          RETURN left(e.text, 80) ORDER BY e.readingIndex LIMIT 1 }[0],
                left(coalesce(p.text, ''), 60)) AS title
ORDER BY score DESC, docId, pageNumber
