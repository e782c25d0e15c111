// One section by id, with its parent's id.
// Params: $id
// Returns: section
MATCH (s:Section {id: $id})
OPTIONAL MATCH (parent:Section)-[:HAS_SUBSECTION]->(s)
RETURN s {.id, .docId, .title, .level, .path, .order, .pageStart, .pageEnd, .source, parentId: parent.id} AS section
