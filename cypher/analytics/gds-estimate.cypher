// Memory GDS needs, in bytes, for a graph of the given size: the projection plus each algorithm Folio runs on it
// (PageRank, Leiden, WCC), estimated on a fictitious graph of that size before anything is projected.
// Params: $nodeCount, $relationshipCount
// Returns: projectionBytes, pageRankBytes, leidenBytes, wccBytes
WITH {nodeCount: toInteger($nodeCount), relationshipCount: toInteger($relationshipCount),
      nodeProjection: '*', relationshipProjection: '*'} AS size
CALL gds.graph.project.estimate('*', '*',
  {nodeCount: toInteger($nodeCount), relationshipCount: toInteger($relationshipCount)})
  YIELD bytesMax AS projectionBytes
CALL gds.pageRank.stream.estimate(size, {}) YIELD bytesMax AS pageRankBytes
CALL gds.leiden.stream.estimate(
  {nodeCount: toInteger($nodeCount), relationshipCount: toInteger($relationshipCount), nodeProjection: '*',
   relationshipProjection: {LINK: {type: 'LINK', orientation: 'UNDIRECTED'}}}, {})
  YIELD bytesMax AS leidenBytes
CALL gds.wcc.stream.estimate(size, {}) YIELD bytesMax AS wccBytes
RETURN projectionBytes, pageRankBytes, leidenBytes, wccBytes
