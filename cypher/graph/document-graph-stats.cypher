// Node counts per label and relationship counts per type of one document's graph (relationships counted at
// their start node). One row even for a document id that no longer exists: then every count is zero.
// Params: $docId
// Returns: nodes, relationships
CALL () {
  MATCH (n:Document {id: $docId}) RETURN 'Document' AS label, count(n) AS total
  UNION ALL MATCH (n:Page {docId: $docId}) RETURN 'Page' AS label, count(n) AS total
  UNION ALL MATCH (n:Element {docId: $docId}) RETURN 'Element' AS label, count(n) AS total
  UNION ALL MATCH (n:Passage {docId: $docId}) RETURN 'Passage' AS label, count(n) AS total
  UNION ALL MATCH (n:Section {docId: $docId}) RETURN 'Section' AS label, count(n) AS total
  UNION ALL MATCH (n:Summary {docId: $docId}) RETURN 'Summary' AS label, count(n) AS total
  UNION ALL MATCH (n:Revision {docId: $docId}) RETURN 'Revision' AS label, count(n) AS total
}
WITH collect({label: label, count: total}) AS nodes
OPTIONAL CALL () {
  MATCH (:Document {id: $docId})-[r]->() RETURN type(r) AS type, count(r) AS total
  UNION ALL MATCH (:Page {docId: $docId})-[r]->() RETURN type(r) AS type, count(r) AS total
  UNION ALL MATCH (:Element {docId: $docId})-[r]->() RETURN type(r) AS type, count(r) AS total
  UNION ALL MATCH (:Passage {docId: $docId})-[r]->() RETURN type(r) AS type, count(r) AS total
  UNION ALL MATCH (:Section {docId: $docId})-[r]->() RETURN type(r) AS type, count(r) AS total
  UNION ALL MATCH (:Summary {docId: $docId})-[r]->() RETURN type(r) AS type, count(r) AS total
}
WITH nodes, type, sum(total) AS total
RETURN nodes, collect(CASE WHEN type IS NULL THEN null ELSE {type: type, count: total} END) AS relationships
