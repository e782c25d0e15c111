// The elements each of several sections directly contains, in reading order; a section without any has no row.
// Params: $ids
// Returns: id, elements
UNWIND $ids AS id
MATCH (:Section {id: id})-[:CONTAINS]->(e:Element)
WITH id, e
ORDER BY e.readingIndex
RETURN id,
       collect(e {.id, .docId, .pageNumber, .kind, .text, .bbox, .order, .description, .headingLevel, .source}) AS elements
