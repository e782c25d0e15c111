// A document's pages from $from to $to (inclusive, 1-based) in order, without their vectors.
// Params: $docId, $from, $to
// Returns: page
MATCH (p:Page {docId: $docId})
WHERE p.number >= $from AND p.number <= $to
RETURN p {.id, .docId, .number, .width, .height, .text, .hasTextLayer, .elementCount} AS page
ORDER BY p.number
