// For tests and debugging: each page/section/document summary of a document with its text, vector size, the
// nodes it summarises and the summary copy stored on them.
// Params: $docId
// Returns: id, kind, text, dims, targets, targetSummaries
MATCH (s:Summary {docId: $docId})
WHERE s.kind IN ['page', 'section', 'document']
OPTIONAL MATCH (s)-[:SUMMARIZES]->(t)
RETURN s.id AS id, s.kind AS kind, s.text AS text, size(s.embedding) AS dims, collect(t.id) AS targets,
       collect(t.summary) AS targetSummaries
ORDER BY id
