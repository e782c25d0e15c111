// A document's elements in reading order with what summaries and the inferred outline read: text, table/figure
// description, heading level and the stored vector.
// Params: $docId
// Returns: id, pageNumber, kind, text, description, headingLevel, embedding
MATCH (e:Element {docId: $docId})
RETURN e.id AS id, e.pageNumber AS pageNumber, e.kind AS kind, e.text AS text, e.description AS description,
       e.headingLevel AS headingLevel, e.embedding AS embedding
ORDER BY e.pageNumber, e.order
