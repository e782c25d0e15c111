// Browser guide, step 7: the evidence of an answer, as `folio ask --explain` prints it: the cited pages and the
// other pages the walk read ($pages, at most 20), the cited elements, and the edges the walk could take between
// those pages (NEXT_PAGE, SIMILAR_TO, REFERS_TO via elements).
// Params: $docId, $pages, $elementIds
// Returns: pages, elements, links
MATCH (p:Page {docId: $docId})
WHERE p.number IN coalesce($pages, [])
WITH collect(p) AS pages
OPTIONAL MATCH (page:Page)-[:HAS_ELEMENT]->(e:Element)
WHERE page IN pages AND e.id IN coalesce($elementIds, [])
WITH pages, collect(e) AS elements
OPTIONAL MATCH link = (a:Page)-[:NEXT_PAGE|SIMILAR_TO]-(b:Page)
WHERE a IN pages AND b IN pages
WITH pages, elements, collect(link) AS pageLinks
OPTIONAL MATCH ref = (a:Page)-[:HAS_ELEMENT]->(:Element)-[:REFERS_TO]->(t)
WHERE a IN pages AND (t IN elements OR t IN pages)
WITH pages, elements, pageLinks, collect(ref) AS refs
RETURN pages, elements, pageLinks + refs AS links
