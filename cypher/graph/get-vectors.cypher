// The stored vectors of a document's pages (page vectors, and head vectors with the page text they embed), of
// one element (none since retrieval units) and of the retrieval unit (Passage) that covers that element, for
// checking what embedding wrote.
// Params: $docId, $elementId
// Returns: pageVectors, pageHeads, elementVector, passageText, passageVector
MATCH (p:Page {docId: $docId})
WITH p ORDER BY p.number
WITH collect(p.embedding) AS pageVectors,
     collect({pageNumber: p.number, text: p.text, headVector: p.headEmbedding}) AS pageHeads
OPTIONAL MATCH (e:Element {id: $elementId})
OPTIONAL MATCH (u:Passage)-[:COVERS]->(e)
RETURN pageVectors, pageHeads, e.embedding AS elementVector, u.text AS passageText, u.embedding AS passageVector
