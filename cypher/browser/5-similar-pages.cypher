// Browser guide, step 5: the SIMILAR_TO neighbourhood of a page (two hops), next to its NEXT_PAGE neighbours.
// Params: $docId, $pageNumber
// Returns: path
MATCH (p:Page {docId: $docId, number: toInteger(coalesce($pageNumber, 1))})
MATCH path = (p)-[:SIMILAR_TO|NEXT_PAGE*1..2]-(:Page)
RETURN path
LIMIT 100
