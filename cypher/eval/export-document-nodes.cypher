// A document's nodes for copying it into another database (folio corpus export): the Document and its Page,
// Element, Passage, Section and Summary nodes, each with its labels and every property (vectors included).
// Params: $docId
// Returns: labels, props
CALL () {
  MATCH (n:Document {id: $docId}) RETURN n
  UNION ALL
  MATCH (n:Page {docId: $docId}) RETURN n
  UNION ALL
  MATCH (n:Element {docId: $docId}) RETURN n
  UNION ALL
  MATCH (n:Passage {docId: $docId}) RETURN n
  UNION ALL
  MATCH (n:Section {docId: $docId}) RETURN n
  UNION ALL
  MATCH (n:Summary {docId: $docId}) RETURN n
}
RETURN labels(n) AS labels, n {.*, ingestedAt: toString(n.ingestedAt), heartbeatAt: toString(n.heartbeatAt)} AS props
