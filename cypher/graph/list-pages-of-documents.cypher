// Pages of several documents, each from its own $from to $to (inclusive, 1-based), in order, without vectors.
// A request whose range holds no page has no row.
// Each request is {index, docId, from, to}.
// Params: $requests
// Returns: index, pages
UNWIND $requests AS request
MATCH (p:Page {docId: request.docId})
WHERE p.number >= request.from AND p.number <= request.to
WITH request, p
ORDER BY p.number
RETURN request.index AS index,
       collect(p {.id, .docId, .number, .width, .height, .text, .hasTextLayer, .elementCount}) AS pages
