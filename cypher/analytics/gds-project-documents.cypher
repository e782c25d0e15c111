// Projects READY documents ($docIds null means all) as nodes under $graphName, each with the mean of its
// section embeddings as the property `vector`; documents without section vectors are left out.
// Params: $graphName, $docIds
// Returns: graphName, nodeCount, relationshipCount
MATCH (d:Document {status: 'READY'})
WHERE $docIds IS NULL OR d.id IN $docIds
MATCH (s:Section {docId: d.id})
WHERE s.embedding IS NOT NULL
WITH d, collect(s.embedding) AS vectors
WITH d, vectors, size(vectors[0]) AS dimension
WITH d, [i IN range(0, dimension - 1) | reduce(t = 0.0, v IN vectors | t + v[i]) / size(vectors)] AS mean
WITH gds.graph.project($graphName, d, null, {sourceNodeProperties: {vector: mean}, targetNodeProperties: null},
  {logProgress: false}) AS g
RETURN g.graphName AS graphName, g.nodeCount AS nodeCount, g.relationshipCount AS relationshipCount
