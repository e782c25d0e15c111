// Writes relationships exported by export-document-relationships into this database (folio corpus import), each end
// found by its label's id index; the nodes must have been imported first.
// Params: $rows
// Returns: relationships
UNWIND $rows AS row
CALL (row) {
  MATCH (x:Document {id: row.fromId}) WHERE row.fromLabel = 'Document' RETURN x
  UNION ALL
  MATCH (x:Page {id: row.fromId}) WHERE row.fromLabel = 'Page' RETURN x
  UNION ALL
  MATCH (x:Element {id: row.fromId}) WHERE row.fromLabel = 'Element' RETURN x
  UNION ALL
  MATCH (x:Passage {id: row.fromId}) WHERE row.fromLabel = 'Passage' RETURN x
  UNION ALL
  MATCH (x:Section {id: row.fromId}) WHERE row.fromLabel = 'Section' RETURN x
  UNION ALL
  MATCH (x:Summary {id: row.fromId}) WHERE row.fromLabel = 'Summary' RETURN x
}
CALL (row) {
  MATCH (y:Page {id: row.toId}) WHERE row.toLabel = 'Page' RETURN y
  UNION ALL
  MATCH (y:Element {id: row.toId}) WHERE row.toLabel = 'Element' RETURN y
  UNION ALL
  MATCH (y:Passage {id: row.toId}) WHERE row.toLabel = 'Passage' RETURN y
  UNION ALL
  MATCH (y:Section {id: row.toId}) WHERE row.toLabel = 'Section' RETURN y
  UNION ALL
  MATCH (y:Summary {id: row.toId}) WHERE row.toLabel = 'Summary' RETURN y
}
CREATE (x)-[r:$(row.type)]->(y)
SET r = row.props
RETURN count(r) AS relationships
