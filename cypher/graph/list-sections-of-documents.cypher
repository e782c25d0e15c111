// All sections of several documents, each document's in document order, each section with its parent's id (null
// for top level). A document without sections has no row.
// Params: $docIds
// Returns: docId, sections
UNWIND $docIds AS docId
MATCH (s:Section {docId: docId})
OPTIONAL MATCH (parent:Section)-[:HAS_SUBSECTION]->(s)
WITH docId, s, parent
ORDER BY s.order
RETURN docId,
       collect(s {.id, .docId, .title, .level, .path, .order, .pageStart, .pageEnd, .source, parentId: parent.id}) AS sections
