// PageRank over the directed CITES relationships of the projected page graph $graphName (weighted, damping
// 0.85), the central pages first.
// Params: $graphName
// Returns: pageId, docId, pageNumber, score
CALL gds.pageRank.stream($graphName,
  {relationshipTypes: ['CITES'], relationshipWeightProperty: 'weight', dampingFactor: 0.85, maxIterations: 40,
   concurrency: 1})
YIELD nodeId, score
WITH gds.util.asNode(nodeId) AS p, score
RETURN p.id AS pageId, p.docId AS docId, p.number AS pageNumber, score
ORDER BY score DESC, docId, pageNumber
