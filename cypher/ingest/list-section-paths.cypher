// The section paths of a document (what a section is embedded from).
// Params: $docId
// Returns: id, path
MATCH (s:Section {docId: $docId})
RETURN s.id AS id, s.path AS path
ORDER BY s.order
