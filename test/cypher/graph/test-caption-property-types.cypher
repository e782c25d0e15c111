// Tests only: the value types a document's nodes hold under each property, per label (the Browser style's
// captions must read strings).
// Params: $docId
// Returns: label, property, types
MATCH (n)
WHERE n.docId = $docId OR (n:Document AND n.id = $docId)
UNWIND labels(n) AS label
UNWIND keys(n) AS property
WITH label, property, valueType(n[property]) AS type
RETURN label, property, collect(DISTINCT type) AS types
