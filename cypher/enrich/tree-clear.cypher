// Removes a document's summary tree: its cluster summaries and their SUMMARIZES edges.
// Params: $docId
// Returns: deleted
OPTIONAL MATCH (s:Summary {docId: $docId})
WHERE s.kind = 'cluster'
DETACH DELETE s
RETURN count(s) AS deleted
