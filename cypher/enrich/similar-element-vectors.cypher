// The element vectors of a batch of pages (the fine MaxSim step scores page pairs from these).
// Params: $pageIds
// Returns: pageId, vectors
UNWIND $pageIds AS pageId
MATCH (:Page {id: pageId})-[:HAS_ELEMENT]->(e:Element)
WHERE e.embedding IS NOT NULL
RETURN pageId, collect(e.embedding) AS vectors
