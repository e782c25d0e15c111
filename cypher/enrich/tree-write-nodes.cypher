// Writes a batch of summary-tree nodes (Summary kind 'cluster') of one level with their SUMMARIZES edges to
// their members — Elements at level 1, the level below's cluster Summaries above — and their vectors.
// Params: $docId, $rows
// Returns: written
UNWIND $rows AS row
CREATE (s:Summary {id: row.id, docId: $docId})
SET s.kind = 'cluster', s.level = toInteger(row.level), s.text = row.text, s.keywords = row.keywords,
    s.source = row.source, s.memberCount = size(row.memberIds), s.leafCount = toInteger(row.leafCount),
    s.seed = toInteger(row.seed)
WITH s, row
CALL (s, row) {
  UNWIND row.memberIds AS memberId
  CALL (memberId, row) {
    MATCH (m:Element {id: memberId}) WHERE row.level = 1
    RETURN m
    UNION
    MATCH (m:Summary {id: memberId}) WHERE row.level > 1
    RETURN m
  }
  WITH m WHERE m.docId = $docId
  CREATE (s)-[:SUMMARIZES]->(m)
  RETURN count(*) AS members
}
WITH s, row WHERE row.embedding IS NOT NULL
CALL db.create.setNodeVectorProperty(s, 'embedding', row.embedding)
RETURN count(s) AS written
