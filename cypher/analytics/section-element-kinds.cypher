// Elements per kind per section of one document, in outline order. An element counts for the section that
// CONTAINS it; elements no section contains are counted under a row with a null section.
// Params: $docId
// Returns: sectionId, title, path, level, pageStart, pageEnd, kinds
CALL () {
  MATCH (s:Section {docId: $docId})
  OPTIONAL MATCH (s)-[:CONTAINS]->(e:Element)
  WITH s, e.kind AS kind, count(e) AS n
  WITH s, collect(CASE WHEN kind IS NULL THEN null ELSE {kind: kind, count: n} END) AS kinds
  RETURN s.id AS sectionId, s.title AS title, s.path AS path, s.level AS level, s.pageStart AS pageStart,
         s.pageEnd AS pageEnd, kinds, s.order AS sortKey
  UNION ALL
  MATCH (e:Element {docId: $docId})
  WHERE NOT EXISTS { (:Section)-[:CONTAINS]->(e) }
  WITH e.kind AS kind, count(e) AS n
  WITH collect({kind: kind, count: n}) AS kinds
  WHERE size(kinds) > 0
  RETURN null AS sectionId, null AS title, null AS path, 0 AS level, null AS pageStart, null AS pageEnd, kinds,
         -1 AS sortKey
}
RETURN sectionId, title, path, level, pageStart, pageEnd, kinds
ORDER BY sortKey
