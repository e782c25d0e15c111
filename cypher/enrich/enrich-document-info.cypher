// What enrichment needs to know about a document before it starts: status and page count.
// Params: $docId
// Returns: id, status, pageCount
MATCH (d:Document {id: $docId})
RETURN d.id AS id, d.status AS status, d.pageCount AS pageCount
