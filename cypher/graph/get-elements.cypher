// Several elements by id, in the order given.
// Params: $ids
// Returns: element
UNWIND range(0, size($ids) - 1) AS i
MATCH (e:Element {id: $ids[i]})
RETURN e {.id, .docId, .pageNumber, .kind, .text, .bbox, .order, .description, .headingLevel, .source} AS element
ORDER BY i
