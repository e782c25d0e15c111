// A document's sections (every source) with their parent and the elements each directly contains, in order.
// Params: $docId
// Returns: id, title, level, order, source, parentId, elementIds
MATCH (s:Section {docId: $docId})
OPTIONAL MATCH (parent:Section)-[:HAS_SUBSECTION]->(s)
OPTIONAL MATCH (s)-[:CONTAINS]->(e:Element)
WITH s, parent, e
ORDER BY e.pageNumber, e.order
RETURN s.id AS id, s.title AS title, s.level AS level, s.order AS order, s.source AS source,
       parent.id AS parentId, collect(e.id) AS elementIds
ORDER BY level, order, id
