// The stored vectors of a document's pages, of one element (none since retrieval units) and of the retrieval
// unit (Passage) that covers that element, for checking what embedding wrote.
// Params: $docId, $elementId
// Returns: pageVectors, elementVector, passageText, passageVector
MATCH (p:Page {docId: $docId})
WITH collect(p.embedding) AS pageVectors
OPTIONAL MATCH (e:Element {id: $elementId})
OPTIONAL MATCH (u:Passage)-[:COVERS]->(e)
RETURN pageVectors, e.embedding AS elementVector, u.text AS passageText, u.embedding AS passageVector
