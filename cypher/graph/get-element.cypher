// One element by id (without its vector).
// Params: $id
// Returns: element
MATCH (e:Element {id: $id})
RETURN e {.id, .docId, .pageNumber, .kind, .text, .bbox, .order, .description, .headingLevel, .source} AS element
