// The retrieval-unit (Passage) vectors of a batch of pages (the fine MaxSim step scores page pairs from these).
// Params: $pageIds
// Returns: pageId, vectors
UNWIND $pageIds AS pageId
MATCH (:Page {id: pageId})-[:HAS_PASSAGE]->(u:Passage)
WHERE u.embedding IS NOT NULL
RETURN pageId, collect(u.embedding) AS vectors
