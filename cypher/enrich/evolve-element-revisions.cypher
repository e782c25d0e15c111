// One element's evolution history, oldest round first.
// Params: $id
// Returns: revision
MATCH (:Element {id: $id})-[:HAS_REVISION]->(r:Revision)
RETURN r {.id, .iteration, .summary, .keywords, .mode, createdAt: toString(r.createdAt)} AS revision
ORDER BY r.iteration
