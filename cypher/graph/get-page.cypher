// One page of a document by its 1-based number (without its vector).
// Params: $docId, $number
// Returns: page
MATCH (p:Page {docId: $docId, number: $number})
RETURN p {.id, .docId, .number, .width, .height, .text, .hasTextLayer, .elementCount} AS page
