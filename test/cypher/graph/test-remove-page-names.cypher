// Tests only: removes a document's page names, as on a database stored before pages had them.
// Params: $docId
// Returns: removed
MATCH (p:Page {docId: $docId})
WHERE p.name IS NOT NULL
REMOVE p.name
RETURN count(p) AS removed
