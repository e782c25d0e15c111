// A document's relationships for copying it into another database (folio corpus export): every relationship from
// the Document or one of its nodes to a node of the same document, with the primary label and id of each end.
// Params: $docId
// Returns: type, props, fromLabel, fromId, toLabel, toId
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
MATCH (n)-[r]->(t)
WHERE t.docId = $docId
RETURN type(r) AS type, properties(r) AS props,
       [l IN labels(n) WHERE l IN ['Document', 'Page', 'Element', 'Passage', 'Section', 'Summary']][0] AS fromLabel,
       n.id AS fromId,
       [l IN labels(t) WHERE l IN ['Page', 'Element', 'Passage', 'Section', 'Summary']][0] AS toLabel,
       t.id AS toId
