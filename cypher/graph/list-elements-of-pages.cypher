// The elements of several pages in reading order, each request optionally only some kinds (null = all).
// A request whose page holds no matching element has no row.
// Each request is {index, docId, number, kinds}.
// Params: $requests
// Returns: index, elements
UNWIND $requests AS request
MATCH (:Page {docId: request.docId, number: request.number})-[:HAS_ELEMENT]->(e:Element)
WHERE request.kinds IS NULL OR e.kind IN request.kinds
WITH request, e
ORDER BY e.order
RETURN request.index AS index,
       collect(e {.id, .docId, .pageNumber, .kind, .text, .bbox, .order, .description, .headingLevel, .source}) AS elements
