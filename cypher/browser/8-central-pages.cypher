// Browser guide, step 8: the central pages of a document by the pageRank and community that
// `folio analyze <docId> --gds --write` stored, with the links between the top ones.
// Params: $docId
// Returns: page, pageRank, community, links
MATCH (page:Page {docId: $docId})
WHERE page.pageRank IS NOT NULL
WITH page ORDER BY page.pageRank DESC LIMIT 10
WITH collect(page) AS top
UNWIND top AS page
OPTIONAL MATCH link = (page)-[:NEXT_PAGE|SIMILAR_TO]-(other:Page)
WHERE other IN top
RETURN page, page.pageRank AS pageRank, page.community AS community, collect(link) AS links
