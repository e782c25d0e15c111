// Drops the projection $graphName if it exists (no error when it is already gone).
// Params: $graphName
// Returns: dropped
CALL gds.graph.drop($graphName, false) YIELD graphName
RETURN count(graphName) AS dropped
