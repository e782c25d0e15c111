// The evolution history of several elements, each oldest round first; an element without any has no row.
// Params: $ids
// Returns: id, revisions
UNWIND $ids AS id
MATCH (:Element {id: id})-[:HAS_REVISION]->(r:Revision)
WITH id, r
ORDER BY r.iteration
RETURN id, collect(r {.id, .iteration, .summary, .keywords, .mode, createdAt: toString(r.createdAt)}) AS revisions
