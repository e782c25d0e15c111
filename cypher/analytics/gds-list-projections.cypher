// Names of the GDS projections whose name starts with $prefix (Folio names its own folio-analytics-...).
// Params: $prefix
// Returns: graphName
CALL gds.graph.list() YIELD graphName
WITH graphName WHERE graphName STARTS WITH $prefix
RETURN graphName
ORDER BY graphName
