// Ids of every READY document, oldest first (for `folio enrich --all`).
// Params: none
// Returns: id
MATCH (d:Document)
WHERE d.status = 'READY'
RETURN d.id AS id
ORDER BY d.ingestedAt, d.id
