// Removes the document node itself (after its content nodes are gone); returns whether it existed.
// Params: $docId
// Returns: deleted
OPTIONAL MATCH (d:Document {id: $docId})
DETACH DELETE d
RETURN d IS NOT NULL AS deleted
