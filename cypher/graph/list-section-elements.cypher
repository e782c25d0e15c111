// The elements a section directly contains, in reading order.
// Params: $id
// Returns: element
MATCH (:Section {id: $id})-[:CONTAINS]->(e:Element)
RETURN e {.id, .docId, .pageNumber, .kind, .text, .bbox, .order, .description, .headingLevel, .source} AS element
ORDER BY e.readingIndex
