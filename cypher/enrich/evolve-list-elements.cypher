// A slice of a document's content elements (those a retrieval unit COVERS) in reading order, with what
// evolution needs: text, kind and a vector, which is that unit's (elements carry no vectors of their own).
// Params: $docId, $skip, $limit
// Returns: id, kind, text, description, readingIndex, pageNumber, embedding
MATCH (u:Passage {docId: $docId})-[:COVERS]->(e:Element)
WHERE u.embedding IS NOT NULL
RETURN e.id AS id, e.kind AS kind, e.text AS text, e.description AS description,
       coalesce(e.readingIndex, 0) AS readingIndex, e.pageNumber AS pageNumber, u.embedding AS embedding
ORDER BY readingIndex, id
SKIP toInteger($skip)
LIMIT toInteger($limit)
