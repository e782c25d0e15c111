// A document's Summary nodes for the API — page, section and document summaries and the summary tree's clusters —
// each with the pages it covers (a section's page range; a cluster's leaf elements' pages) and its child summaries.
// Filters are optional: $kinds (page, section, document, cluster), $level, $ids.
// Params: $docId, $kinds, $level, $ids, $limit
// Returns: summary
MATCH (s:Summary {docId: $docId})
WHERE ($kinds IS NULL OR s.kind IN $kinds) AND ($level IS NULL OR s.level = $level) AND ($ids IS NULL OR s.id IN $ids)
CALL (s) {
  OPTIONAL MATCH (s)-[:SUMMARIZES]->(p:Page)
  RETURN p.number AS n
  UNION
  OPTIONAL MATCH (s)-[:SUMMARIZES]->(sec:Section)
  UNWIND CASE WHEN sec IS NULL THEN [null] ELSE range(sec.pageStart, sec.pageEnd) END AS n
  RETURN n
  UNION
  OPTIONAL MATCH (s)-[:SUMMARIZES*1..12]->(e:Element) WHERE s.kind = 'cluster'
  RETURN e.pageNumber AS n
}
WITH s, n ORDER BY n
WITH s, collect(DISTINCT n) AS pages
CALL (s) {
  OPTIONAL MATCH (s)-[:SUMMARIZES]->(child:Summary)
  RETURN collect(child.id) AS childIds
}
WITH s, pages, childIds,
     CASE s.kind WHEN 'document' THEN 0 WHEN 'section' THEN 1 WHEN 'page' THEN 2 ELSE 3 END AS kindRank
ORDER BY kindRank, s.level DESC, pages[0], s.id
LIMIT toInteger($limit)
RETURN s {.id, .docId, .kind, .level, .text, .keywords, .source, .memberCount, .leafCount, pages: pages,
          childIds: childIds} AS summary
