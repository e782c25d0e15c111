// Node and relationship counts of the page graph that gds-project-pages would project, so GDS can estimate
// memory before anything is loaded (each link is projected three times: directed CITES, undirected LINK both
// ways; NEXT_PAGE four, as it also cites backwards), and how many of the links are SIMILAR_TO. $docIds null means every READY document.
// Params: $docIds, $withNextPage
// Returns: nodeCount, relationshipCount, similarLinks
MATCH (d:Document {status: 'READY'})
WHERE $docIds IS NULL OR d.id IN $docIds
MATCH (p:Page {docId: d.id})
WITH p, COUNT { (p)-[:SIMILAR_TO]->(:Page) } AS similar
RETURN count(p) AS nodeCount,
       coalesce(sum(3 * (similar + COUNT { (p)-[:HAS_ELEMENT]->(:Element)-[:REFERS_TO]->() }) +
           CASE WHEN $withNextPage THEN 4 * COUNT { (p)-[:NEXT_PAGE]->(:Page) } ELSE 0 END), 0) AS relationshipCount,
       coalesce(sum(similar), 0) AS similarLinks
