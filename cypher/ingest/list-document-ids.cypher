// Every document id, for corpus-wide maintenance (re-embedding).
// Params: none
// Returns: id
MATCH (d:Document) RETURN d.id AS id ORDER BY d.id
