// Tests only: a document's page numbers and names, in page order.
// Params: $docId
// Returns: number, name
MATCH (p:Page {docId: $docId})
RETURN p.number AS number, p.name AS name
ORDER BY p.number
