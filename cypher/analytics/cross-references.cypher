// Cross-references of one document: resolved REFERS_TO links by target label, their density (per page and per
// 100 text elements), and dangling mentions: paragraphs and list items whose text names a table, figure,
// section, appendix or page by number but that carry no REFERS_TO link (ingest found no target for them).
// Params: $docId
// Returns: references, byTarget, perPage, per100Elements, dangling, danglingSamples
MATCH (d:Document {id: $docId})
CALL () {
  OPTIONAL MATCH (:Element {docId: $docId})-[r:REFERS_TO]->(t)
  WITH CASE WHEN t IS NULL THEN null WHEN t:Page THEN 'Page' WHEN t:Section THEN 'Section'
            ELSE coalesce(t.kind, 'Element') END AS target, count(r) AS n
  WITH collect(CASE WHEN target IS NULL THEN null ELSE {target: target, count: n} END) AS byTarget
  RETURN reduce(t = 0, b IN byTarget | t + b.count) AS references, byTarget
}
CALL () {
  MATCH (e:Element {docId: $docId})
  WHERE e.kind IN ['paragraph', 'list'] AND NOT EXISTS { (e)-[:REFERS_TO]->() }
    AND e.text =~ '(?s).*\\b(?:[Tt]able|[Ff]igure|[Ff]ig\\.|[Ss]ection|[Aa]ppendix|[Pp]age)\\s+[0-9A-Z][0-9.]*\\b.*'
  WITH e ORDER BY e.pageNumber, e.readingIndex
  RETURN count(e) AS dangling, collect({pageNumber: e.pageNumber, text: left(e.text, 80)})[..5] AS danglingSamples
}
CALL () {
  MATCH (e:Element {docId: $docId})
  WHERE e.kind IN ['paragraph', 'list', 'heading', 'table', 'caption', 'footnote']
  RETURN count(e) AS textElements
}
RETURN references, byTarget,
       CASE WHEN coalesce(d.pageCount, 0) = 0 THEN 0.0 ELSE toFloat(references) / d.pageCount END AS perPage,
       CASE WHEN textElements = 0 THEN 0.0 ELSE 100.0 * references / textElements END AS per100Elements,
       dangling, danglingSamples
