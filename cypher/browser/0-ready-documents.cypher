// Browser guide, introduction: the documents ready to explore, newest first, to pick a docId from.
// Params: none
// Returns: docId, title, pages
MATCH (d:Document {status: 'READY'})
RETURN d.id AS docId, d.title AS title, d.pageCount AS pages
ORDER BY d.ingestedAt DESC
LIMIT 25
