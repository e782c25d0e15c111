// DMAP reflective answering, one expansion: around each evidence element, its neighbours in reading order
// (NEXT_ELEMENT both ways: next-element, previous-element) and the other elements of its parent section
// (CONTAINS from the section that holds it: section), the $perSection nearest the question. Each row is one
// reached element with the element and page it was reached from and its similarity to the question, read from
// the retrieval unit (Passage) that COVERS it: elements carry no vectors of their own.
// Params: $elementIds, $embedding, $perSection
// Returns: fromElementId, fromPage, docId, pageNumber, elementId, kind, text, bbox, via, score, section
UNWIND $elementIds AS fromId
MATCH (from:Element {id: fromId})
CALL (from) {
  MATCH (from)-[:NEXT_ELEMENT]->(n:Element)
  RETURN n, 'next-element' AS via, null AS section
  UNION
  MATCH (from)<-[:NEXT_ELEMENT]-(n:Element)
  RETURN n, 'previous-element' AS via, null AS section
  UNION
  MATCH (s:Section)-[:CONTAINS]->(from)
  MATCH (s)-[:CONTAINS]->(n:Element)<-[:COVERS]-(u:Passage)
  WHERE n <> from AND u.embedding IS NOT NULL
  WITH s, n ORDER BY vector.similarity.cosine(u.embedding, $embedding) DESC, n.readingIndex
  WITH s, collect(n)[0..toInteger($perSection)] AS nearest
  UNWIND nearest AS n
  RETURN n, 'section' AS via, s.title AS section
}
WITH from, n, via, section
WHERE n.kind <> 'page-header' AND n.kind <> 'page-footer'
OPTIONAL MATCH (u:Passage)-[:COVERS]->(n)
RETURN from.id AS fromElementId, from.pageNumber AS fromPage, n.docId AS docId, n.pageNumber AS pageNumber,
       n.id AS elementId, n.kind AS kind, coalesce(n.description, n.text, '') AS text, n.bbox AS bbox, via,
       CASE WHEN u.embedding IS NULL THEN 0.0 ELSE vector.similarity.cosine(u.embedding, $embedding) END AS score,
       section
ORDER BY fromElementId, score DESC
