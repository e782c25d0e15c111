// Sections by id, each with its parent's id; a missing id has no row.
// Params: $ids
// Returns: section
UNWIND $ids AS id
MATCH (s:Section {id: id})
OPTIONAL MATCH (parent:Section)-[:HAS_SUBSECTION]->(s)
RETURN s {.id, .docId, .title, .level, .path, .order, .pageStart, .pageEnd, .source, parentId: parent.id} AS section
