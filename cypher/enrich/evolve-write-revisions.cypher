// Records one evolution round of a batch of elements as Revision nodes (HAS_REVISION), replacing a same-id one.
// Params: $docId, $rows
// Returns: written
UNWIND $rows AS row
MATCH (e:Element {id: row.elementId})
MERGE (r:Revision {id: row.id})
SET r.docId = $docId, r.iteration = toInteger(row.iteration), r.summary = row.summary, r.keywords = row.keywords,
    r.mode = row.mode, r.neighbourIds = row.neighbourIds, r.createdAt = datetime()
MERGE (e)-[:HAS_REVISION]->(r)
RETURN count(r) AS written
