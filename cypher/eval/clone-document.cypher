// Copies a document's whole graph (its Page, Element, Passage, Section and Summary nodes with their vectors, and every
// relationship among them and from the Document) under a new id, to grow a benchmark corpus without re-embedding.
// Ids are rewritten by replacing the source id (node ids embed their document's id); the copy is marked clonedFrom.
// Edges to other documents (cross-document SIMILAR_TO) are not copied. Each copy's end is found by its id index.
// Params: $sourceId, $targetId
// Returns: nodes, relationships
MATCH (d:Document {id: $sourceId})
CREATE (c:Document)
SET c = d {.*, id: $targetId, clonedFrom: $sourceId, ingestedAt: datetime()}
WITH c
CALL () {
  CALL () {
    MATCH (n:Page {docId: $sourceId}) RETURN n
    UNION ALL
    MATCH (n:Element {docId: $sourceId}) RETURN n
    UNION ALL
    MATCH (n:Passage {docId: $sourceId}) RETURN n
    UNION ALL
    MATCH (n:Section {docId: $sourceId}) RETURN n
    UNION ALL
    MATCH (n:Summary {docId: $sourceId}) RETURN n
  }
  CREATE (m:$(labels(n)))
  SET m = n {.*, id: replace(n.id, $sourceId, $targetId), docId: $targetId}
  RETURN count(m) AS nodes
}
CALL () {
  CALL () {
    MATCH (n:Document {id: $sourceId}) RETURN n
    UNION ALL
    MATCH (n:Page {docId: $sourceId}) RETURN n
    UNION ALL
    MATCH (n:Element {docId: $sourceId}) RETURN n
    UNION ALL
    MATCH (n:Passage {docId: $sourceId}) RETURN n
    UNION ALL
    MATCH (n:Section {docId: $sourceId}) RETURN n
    UNION ALL
    MATCH (n:Summary {docId: $sourceId}) RETURN n
  }
  MATCH (n)-[r]->(t)
  WHERE t.docId = $sourceId
  WITH r, [l IN labels(n) WHERE l IN ['Document', 'Page', 'Element', 'Passage', 'Section', 'Summary']][0] AS fromLabel,
       replace(n.id, $sourceId, $targetId) AS fromId,
       [l IN labels(t) WHERE l IN ['Page', 'Element', 'Passage', 'Section', 'Summary']][0] AS toLabel,
       replace(t.id, $sourceId, $targetId) AS toId
  CALL (fromLabel, fromId) {
    MATCH (x:Document {id: fromId}) WHERE fromLabel = 'Document' RETURN x
    UNION ALL
    MATCH (x:Page {id: fromId}) WHERE fromLabel = 'Page' RETURN x
    UNION ALL
    MATCH (x:Element {id: fromId}) WHERE fromLabel = 'Element' RETURN x
    UNION ALL
    MATCH (x:Passage {id: fromId}) WHERE fromLabel = 'Passage' RETURN x
    UNION ALL
    MATCH (x:Section {id: fromId}) WHERE fromLabel = 'Section' RETURN x
    UNION ALL
    MATCH (x:Summary {id: fromId}) WHERE fromLabel = 'Summary' RETURN x
  }
  CALL (toLabel, toId) {
    MATCH (y:Page {id: toId}) WHERE toLabel = 'Page' RETURN y
    UNION ALL
    MATCH (y:Element {id: toId}) WHERE toLabel = 'Element' RETURN y
    UNION ALL
    MATCH (y:Passage {id: toId}) WHERE toLabel = 'Passage' RETURN y
    UNION ALL
    MATCH (y:Section {id: toId}) WHERE toLabel = 'Section' RETURN y
    UNION ALL
    MATCH (y:Summary {id: toId}) WHERE toLabel = 'Summary' RETURN y
  }
  CREATE (x)-[cr:$(type(r))]->(y)
  SET cr = properties(r)
  RETURN count(cr) AS relationships
}
RETURN nodes, relationships
