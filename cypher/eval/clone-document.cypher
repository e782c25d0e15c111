// Copies a document's pages and elements (with their vectors, HAS_PAGE and HAS_ELEMENT) under a new id, to grow
// a corpus for latency benchmarks without re-embedding. The copy is marked clonedFrom.
// Params: $sourceId, $targetId
// Returns: pages, elements
MATCH (d:Document {id: $sourceId})
CREATE (c:Document)
SET c = properties(d), c.id = $targetId, c.clonedFrom = $sourceId, c.ingestedAt = datetime()
WITH d, c
MATCH (d)-[:HAS_PAGE]->(p:Page)
CREATE (c)-[:HAS_PAGE]->(cp:Page)
SET cp = properties(p), cp.id = $targetId + substring(p.id, size($sourceId)), cp.docId = $targetId
WITH p, cp
CALL (p, cp) {
  MATCH (p)-[:HAS_ELEMENT]->(e:Element)
  CREATE (cp)-[:HAS_ELEMENT]->(ce:Element)
  SET ce = properties(e), ce.id = $targetId + substring(e.id, size($sourceId)), ce.docId = $targetId
  RETURN count(ce) AS elements
}
RETURN count(cp) AS pages, sum(elements) AS elements
