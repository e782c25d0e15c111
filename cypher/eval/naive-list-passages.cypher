// The naive baseline's passages of one document in page and window order (to inspect what it stored).
// Params: $docId
// Returns: pageNumber, order, text
MATCH (n:NaivePassage {docId: $docId})
RETURN n.pageNumber AS pageNumber, n.order AS order, n.text AS text
ORDER BY pageNumber, order
