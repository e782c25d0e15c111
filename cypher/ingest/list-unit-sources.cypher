// A document's elements as the retrieval-unit builder takes them, in reading order: kind, text, table grid,
// the section that directly contains each, and the element a caption captions.
// Params: $docId
// Returns: id, pageNumber, kind, text, description, sectionId, sectionPath, captionOf
MATCH (e:Element {docId: $docId})
OPTIONAL MATCH (s:Section)-[:CONTAINS]->(e)
OPTIONAL MATCH (e)-[:CAPTIONS]->(target:Element)
RETURN e.id AS id, e.pageNumber AS pageNumber, e.kind AS kind, e.text AS text, e.description AS description,
       s.id AS sectionId, s.path AS sectionPath, target.id AS captionOf
ORDER BY e.readingIndex
