// Stores a batch of elements' evolved summary, keywords and vector (embedding of summary ⊕ keywords, evolved).
// Params: $rows, $mode
// Returns: written
UNWIND $rows AS row
MATCH (e:Element {id: row.id})
SET e.summary = row.summary, e.keywords = row.keywords, e.evolvedAt = datetime(), e.evolution = $mode
WITH e, row
CALL db.create.setNodeVectorProperty(e, 'evolvedEmbedding', row.vector)
RETURN count(e) AS written
