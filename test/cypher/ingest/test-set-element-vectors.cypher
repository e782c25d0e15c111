// Tests only: gives every element a retrieval unit covers that unit's vector as its own, the form a database
// stored before retrieval units had (every element embedded), so re-embedding can be tested on it.
// Params: $docId
// Returns: written
MATCH (u:Passage {docId: $docId})-[:COVERS]->(e:Element)
WHERE u.embedding IS NOT NULL
CALL db.create.setNodeVectorProperty(e, 'embedding', u.embedding)
RETURN count(e) AS written
