// For tests and debugging: a document's summary-tree nodes with their vector size and members, by level.
// Params: $docId
// Returns: id, level, text, dims, members, memberLabels
MATCH (s:Summary {docId: $docId})
WHERE s.kind = 'cluster'
OPTIONAL MATCH (s)-[:SUMMARIZES]->(m)
WITH s, m
ORDER BY m.id
RETURN s.id AS id, s.level AS level, s.text AS text, size(s.embedding) AS dims, collect(m.id) AS members,
       collect(labels(m)[0]) AS memberLabels
ORDER BY level, id
