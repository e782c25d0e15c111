// The elements of one page in reading order, optionally only some kinds.
// Params: $docId, $number, $kinds
// Returns: element
MATCH (:Page {docId: $docId, number: $number})-[:HAS_ELEMENT]->(e:Element)
WHERE $kinds IS NULL OR e.kind IN $kinds
RETURN e {.id, .docId, .pageNumber, .kind, .text, .bbox, .order, .description, .headingLevel, .source} AS element
ORDER BY e.order
