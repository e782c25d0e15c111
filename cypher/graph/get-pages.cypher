// Pages by document id and 1-based number (without their vectors), for many parents at once; a missing page has
// no row.
// Each ref is {docId, number}.
// Params: $refs
// Returns: page
UNWIND $refs AS ref
MATCH (p:Page {docId: ref.docId, number: ref.number})
RETURN p {.id, .docId, .number, .width, .height, .text, .hasTextLayer, .elementCount} AS page
