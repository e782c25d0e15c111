// All sections of a document in document order, each with its parent's id (null for top level).
// Params: $docId
// Returns: section
MATCH (s:Section {docId: $docId})
OPTIONAL MATCH (parent:Section)-[:HAS_SUBSECTION]->(s)
RETURN s {.id, .docId, .title, .level, .path, .order, .pageStart, .pageEnd, .source, parentId: parent.id} AS section
ORDER BY s.order
