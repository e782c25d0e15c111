// Copies a document's pages, elements and passages (with their vectors, HAS_PAGE, HAS_ELEMENT, HAS_PASSAGE and
// COVERS) under a new id, to grow a corpus for latency benchmarks without re-embedding. The copy is marked
// clonedFrom. Each copy gets its final id in the same SET as its properties, because the uniqueness constraints
// check every step.
// Params: $sourceId, $targetId
// Returns: pages, elements, passages
MATCH (d:Document {id: $sourceId})
CREATE (c:Document)
SET c = d {.*, id: $targetId, clonedFrom: $sourceId, ingestedAt: datetime()}
WITH d, c
MATCH (d)-[:HAS_PAGE]->(p:Page)
CREATE (c)-[:HAS_PAGE]->(cp:Page)
SET cp = p {.*, id: $targetId + substring(p.id, size($sourceId)), docId: $targetId}
WITH p, cp
CALL (p, cp) {
  MATCH (p)-[:HAS_ELEMENT]->(e:Element)
  CREATE (cp)-[:HAS_ELEMENT]->(ce:Element)
  SET ce = e {.*, id: $targetId + substring(e.id, size($sourceId)), docId: $targetId}, ce:$(labels(e))
  RETURN count(ce) AS elements
}
CALL (p, cp) {
  MATCH (p)-[:HAS_PASSAGE]->(u:Passage)
  CREATE (cp)-[:HAS_PASSAGE]->(cu:Passage)
  SET cu = u {.*, id: $targetId + substring(u.id, size($sourceId)), docId: $targetId}
  WITH u, cu
  CALL (u, cu) {
    MATCH (u)-[:COVERS]->(e:Element)
    MATCH (ce:Element {id: $targetId + substring(e.id, size($sourceId))})
    CREATE (cu)-[:COVERS]->(ce)
  }
  RETURN count(cu) AS passages
}
RETURN count(cp) AS pages, sum(elements) AS elements, sum(passages) AS passages
