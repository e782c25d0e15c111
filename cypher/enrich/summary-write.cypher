// Writes a batch of page, section and document summaries: the Summary node, its SUMMARIZES edge to what it
// summarises, the vector, and a copy of the text on the page or section (DMAP reads page summaries in place).
// Params: $docId, $rows
// Returns: written
UNWIND $rows AS row
CALL (row) {
  MATCH (t:Page {id: row.targetId}) WHERE row.kind = 'page'
  RETURN t
  UNION
  MATCH (t:Section {id: row.targetId}) WHERE row.kind = 'section'
  RETURN t
  UNION
  MATCH (t:Document {id: row.targetId}) WHERE row.kind = 'document'
  RETURN t
}
CREATE (s:Summary {id: row.id, docId: $docId})
SET s.kind = row.kind, s.level = toInteger(row.level), s.text = row.text, s.keywords = row.keywords, s.source = row.source
CREATE (s)-[:SUMMARIZES]->(t)
FOREACH (_ IN CASE WHEN row.kind IN ['page', 'section'] THEN [1] ELSE [] END | SET t.summary = row.text)
WITH s, row WHERE row.embedding IS NOT NULL
CALL db.create.setNodeVectorProperty(s, 'embedding', row.embedding)
RETURN count(s) AS written
