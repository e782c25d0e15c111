// A document's elements in reading order with what summaries and the inferred outline read: text, table/figure
// description, heading level and a vector: that of the retrieval unit (Passage) covering the element (null for
// elements no unit covers, such as running headers).
// Params: $docId
// Returns: id, pageNumber, kind, text, description, headingLevel, embedding
MATCH (e:Element {docId: $docId})
OPTIONAL MATCH (u:Passage)-[:COVERS]->(e)
RETURN e.id AS id, e.pageNumber AS pageNumber, e.kind AS kind, e.text AS text, e.description AS description,
       e.headingLevel AS headingLevel, u.embedding AS embedding
ORDER BY e.pageNumber, e.order
