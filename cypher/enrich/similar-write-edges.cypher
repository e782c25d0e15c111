// Writes a batch of SIMILAR_TO edges (fine MaxSim score, the coarse cosine that proposed the pair, τ used).
// Params: $edges, $tau
// Returns: written
UNWIND $edges AS edge
MATCH (a:Page {id: edge.from})
MATCH (b:Page {id: edge.to})
MERGE (a)-[r:SIMILAR_TO]->(b)
SET r.score = edge.score, r.method = 'maxsim', r.coarse = edge.coarse, r.tau = $tau
RETURN count(r) AS written
