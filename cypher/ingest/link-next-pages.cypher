// Physical reading order of pages: NEXT_PAGE from each page to the following one.
// Params: $docId
// Returns: linked
MATCH (p:Page {docId: $docId})
WITH p ORDER BY p.number
WITH collect(p) AS pages
UNWIND range(0, size(pages) - 2) AS i
WITH pages[i] AS a, pages[i + 1] AS b
CREATE (a)-[:NEXT_PAGE]->(b)
RETURN count(*) AS linked
