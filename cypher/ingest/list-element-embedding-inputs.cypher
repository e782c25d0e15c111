// What each element of a document is embedded from: its text, table grid, section path and caption
// (the same inputs ingestion uses), for re-embedding with another model.
// Params: $docId
// Returns: id, pageNumber, kind, text, description, sectionPath, caption
MATCH (e:Element {docId: $docId})
OPTIONAL MATCH (s:Section)-[:CONTAINS]->(e)
OPTIONAL MATCH (c:Element)-[:CAPTIONS]->(e)
RETURN e.id AS id, e.pageNumber AS pageNumber, e.kind AS kind, e.text AS text, e.description AS description, s.path AS sectionPath,
       c.text AS caption
ORDER BY e.readingIndex
