// What the tree stage would read: its leaf count and their characters (for a cost estimate).
// Params: $docId
// Returns: units, chars
MATCH (u:Passage {docId: $docId})-[:COVERS]->(e:Element)
WHERE u.embedding IS NOT NULL AND NOT e.kind IN ['page-header', 'page-footer']
RETURN count(e) AS units, sum(size(coalesce(e.text, '')) + size(coalesce(e.description, ''))) AS chars
