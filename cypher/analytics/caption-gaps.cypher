// Figures, tables and charts of one document that no caption names, and captions that name nothing.
// Params: $docId
// Returns: uncaptioned, orphanCaptions
CALL () {
  MATCH (e:Element {docId: $docId})
  WHERE e:Figure|Table|Chart AND NOT EXISTS { (:Element)-[:CAPTIONS]->(e) }
  WITH e ORDER BY e.pageNumber, e.readingIndex
  RETURN collect({id: e.id, kind: e.kind, pageNumber: e.pageNumber, text: left(coalesce(e.text, ''), 80)})
    AS uncaptioned
}
CALL () {
  MATCH (c:Element&Caption {docId: $docId})
  WHERE NOT EXISTS { (c)-[:CAPTIONS]->() }
  WITH c ORDER BY c.pageNumber, c.readingIndex
  RETURN collect({id: c.id, kind: c.kind, pageNumber: c.pageNumber, text: left(coalesce(c.text, ''), 80)})
    AS orphanCaptions
}
RETURN uncaptioned, orphanCaptions
