// Replaces the vectors of a batch of elements.
// Params: $rows
// Returns: written
UNWIND $rows AS row
MATCH (e:Element {id: row.id})
CALL db.create.setNodeVectorProperty(e, 'embedding', row.embedding)
RETURN count(e) AS written
