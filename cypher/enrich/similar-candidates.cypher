// Coarse step of TRACE's page linking: for each page, its nearest pages by page vector from the vector index
// (cosine index score (1 + cos) / 2), without itself, restricted to its own document unless $crossDocument.
// The index is corpus-wide, so the caller asks for more than it keeps ($k) and widens $k when filtering starves.
// Params: $pageIds, $k, $keep, $crossDocument
// Returns: pageId, candidates
UNWIND $pageIds AS pageId
MATCH (p:Page {id: pageId})
CALL db.index.vector.queryNodes('page_embedding', toInteger($k), p.embedding) YIELD node, score
WITH p, pageId, node, score
WHERE node <> p AND ($crossDocument OR node.docId = p.docId)
WITH pageId, node, score
ORDER BY score DESC
WITH pageId, collect({id: node.id, score: score})[..toInteger($keep)] AS candidates
RETURN pageId, candidates
