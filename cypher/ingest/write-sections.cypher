// Creates the section tree: HAS_SECTION from the document to top-level sections, HAS_SUBSECTION below.
// Rows come parents-first, so every parent exists when its children are written.
// Params: $docId, $sections
// Returns: written
MATCH (d:Document {id: $docId})
UNWIND $sections AS row
CREATE (s:Section {id: row.id, docId: $docId})
SET s.title = row.title, s.level = toInteger(row.level), s.path = row.path, s.order = toInteger(row.order),
    s.pageStart = toInteger(row.pageStart), s.pageEnd = toInteger(row.pageEnd), s.source = row.source
WITH d, s, row
CALL (d, s, row) {
  WITH d, s, row WHERE row.parentId IS NULL
  CREATE (d)-[:HAS_SECTION]->(s)
  UNION
  WITH s, row WHERE row.parentId IS NOT NULL
  MATCH (parent:Section {id: row.parentId})
  CREATE (parent)-[:HAS_SUBSECTION]->(s)
}
WITH s, row WHERE row.embedding IS NOT NULL
CALL db.create.setNodeVectorProperty(s, 'embedding', row.embedding)
RETURN count(s) AS written
