// The pages of a document in order (what page summaries are made for).
// Params: $docId
// Returns: id, number
MATCH (p:Page {docId: $docId})
RETURN p.id AS id, p.number AS number
ORDER BY number
