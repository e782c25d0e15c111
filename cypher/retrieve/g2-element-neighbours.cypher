// G2 readout step: the immediate neighbours of content-graph elements, each with its edge and that edge's score:
// RELATES_TO either way (the typed logical links of the evolve stage; via relates-to, with the relation and the
// edge score), NEXT_ELEMENT both ways (next-element, previous-element) and CAPTIONS either way (captions: a
// caption and the figure, table or chart it describes); score 1.0 for the physical edges. Each neighbour also
// carries its similarity to the question (the vector of the Passage that COVERS it), so the readout can add the
// best neighbours first.
// Params: $elementIds, $embedding
// Returns: fromElementId, fromPage, elementId, docId, pageNumber, kind, text, bbox, via, relation, edgeScore, similarity
UNWIND $elementIds AS fromId
MATCH (from:Element {id: fromId})
CALL (from) {
  MATCH (from)-[r:RELATES_TO]-(n:Element)
  WHERE n <> from
  WITH n, max(coalesce(r.score, 0.0)) AS edgeScore, collect(r.relation)[0] AS relation
  RETURN n, 'relates-to' AS via, relation, edgeScore
  UNION
  MATCH (from)-[:NEXT_ELEMENT]->(n:Element)
  RETURN n, 'next-element' AS via, null AS relation, 1.0 AS edgeScore
  UNION
  MATCH (from)<-[:NEXT_ELEMENT]-(n:Element)
  RETURN n, 'previous-element' AS via, null AS relation, 1.0 AS edgeScore
  UNION
  MATCH (from)-[:CAPTIONS]-(n:Element)
  RETURN n, 'captions' AS via, null AS relation, 1.0 AS edgeScore
}
WITH from, n, via, relation, edgeScore
WHERE NOT n.kind IN ['page-header', 'page-footer']
OPTIONAL MATCH (u:Passage)-[:COVERS]->(n)
RETURN from.id AS fromElementId, from.pageNumber AS fromPage, n.id AS elementId, n.docId AS docId,
       n.pageNumber AS pageNumber, n.kind AS kind, coalesce(n.description, n.text, '') AS text, n.bbox AS bbox,
       via, relation, edgeScore,
       CASE WHEN u.embedding IS NULL THEN 0.0 ELSE vector.similarity.cosine(u.embedding, $embedding) END AS similarity
ORDER BY fromElementId, similarity DESC
