// Which documents are alike: GDS k-nearest neighbours by cosine over the mean section vectors of the projected
// document graph $graphName ($topK per document, exhaustive sampling, fixed seed, one thread: repeatable).
// Params: $graphName, $topK
// Returns: docId, title, otherDocId, otherTitle, similarity
CALL gds.knn.stream($graphName,
  {nodeProperties: {vector: 'COSINE'}, topK: toInteger($topK), sampleRate: 1.0, deltaThreshold: 0.0,
   randomSeed: 42, concurrency: 1, logProgress: false})
YIELD node1, node2, similarity
WITH gds.util.asNode(node1) AS a, gds.util.asNode(node2) AS b, similarity
RETURN a.id AS docId, a.title AS title, b.id AS otherDocId, b.title AS otherTitle, similarity
ORDER BY docId, similarity DESC, otherDocId
