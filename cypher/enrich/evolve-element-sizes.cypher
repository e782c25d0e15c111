// How many content elements (those a retrieval unit COVERS) a document has and their text lengths (for dry-run
// cost estimates).
// Params: $docId
// Returns: elements, lengths
MATCH (u:Passage {docId: $docId})-[:COVERS]->(e:Element)
WHERE u.embedding IS NOT NULL
RETURN count(e) AS elements, collect(size(coalesce(e.description, e.text, ''))) AS lengths
