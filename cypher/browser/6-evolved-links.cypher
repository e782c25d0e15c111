// Browser guide, step 6: the evolved RELATES_TO links of the elements of a document (G2-Reader content graph),
// strongest first.
// Params: $docId
// Returns: path
MATCH path = (:Element {docId: $docId})-[r:RELATES_TO]->(:Element)
RETURN path
ORDER BY r.score DESC
LIMIT 50
