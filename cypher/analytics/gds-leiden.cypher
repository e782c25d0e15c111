// Leiden communities of pages over the undirected LINK relationships of the projected page graph $graphName
// (weighted; fixed seed and one thread so a run is repeatable). A page without links is its own community.
// Params: $graphName
// Returns: pageId, docId, pageNumber, community
CALL gds.leiden.stream($graphName,
  {relationshipTypes: ['LINK'], relationshipWeightProperty: 'weight', randomSeed: 42, concurrency: 1,
   maxLevels: 10, logProgress: false})
YIELD nodeId, communityId
WITH gds.util.asNode(nodeId) AS p, communityId
RETURN p.id AS pageId, p.docId AS docId, p.number AS pageNumber, communityId AS community
ORDER BY docId, pageNumber
