// Replaces the vectors of a batch of sections.
// Params: $rows
// Returns: written
UNWIND $rows AS row
MATCH (s:Section {id: row.id})
CALL db.create.setNodeVectorProperty(s, 'embedding', row.embedding)
RETURN count(s) AS written
