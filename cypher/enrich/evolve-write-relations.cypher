// Writes a batch of RELATES_TO edges between elements; one edge per pair, source and relation (a later round
// updates its score and iteration).
// Params: $edges
// Returns: written
UNWIND $edges AS edge
MATCH (a:Element {id: edge.from})
MATCH (b:Element {id: edge.to})
MERGE (a)-[r:RELATES_TO {source: edge.source, relation: edge.relation}]->(b)
SET r.score = edge.score, r.iteration = toInteger(edge.iteration), r.reason = edge.reason
RETURN count(r) AS written
