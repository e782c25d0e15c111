// What of a document is stored, to tell a whole document from a half-written one after a write whose answer was
// lost (each count on its docId index).
// Params: $docId
// Returns: pages, elements, passages
CALL { MATCH (p:Page {docId: $docId}) RETURN count(p) AS pages }
CALL { MATCH (e:Element {docId: $docId}) RETURN count(e) AS elements }
CALL { MATCH (u:Passage {docId: $docId}) RETURN count(u) AS passages }
RETURN pages, elements, passages
