// Creates a batch of layout elements under their pages (HAS_ELEMENT). Elements carry no vectors: the retrieval
// units (Passage) that cover them are what is embedded.
// Params: $docId, $elements
// Returns: written
UNWIND $elements AS row
MATCH (p:Page {docId: $docId, number: row.pageNumber})
CREATE (e:Element {id: row.id, docId: $docId})
SET e.pageNumber = row.pageNumber, e.kind = row.kind, e.text = row.text, e.bbox = row.bbox, e.order = row.order,
    e.readingIndex = row.readingIndex, e.description = row.description, e.headingLevel = row.headingLevel,
    e.source = row.source
CREATE (p)-[:HAS_ELEMENT]->(e)
RETURN count(e) AS written
