// The stored vectors of a document's pages and of one element, for checking what embedding wrote.
// Params: $docId, $elementId
// Returns: pageVectors, elementVector
MATCH (p:Page {docId: $docId})
WITH collect(p.embedding) AS pageVectors
OPTIONAL MATCH (e:Element {id: $elementId})
RETURN pageVectors, e.embedding AS elementVector
