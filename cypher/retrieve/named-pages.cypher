// The pages a question names ("on page 12", "the first slide") as search hits, in the order given: each page scores
// the similarity of its passage nearest the question; its evidence is the elements its best passages cover, or its
// first elements in reading order when it has no passage (a picture alone on its page).
// Only a READY document is read (a document being written cites nothing).
// Params: $docId, $pageNumbers, $embedding, $perPage
// Returns: docId, pageNumber, score, elements
MATCH (d:Document {id: $docId})
WHERE d.status = 'READY'
UNWIND range(0, size($pageNumbers) - 1) AS position
MATCH (p:Page {docId: $docId, number: $pageNumbers[position]})
CALL (p) {
  MATCH (u:Passage {docId: p.docId, pageNumber: p.number})
  WHERE u.embedding IS NOT NULL
  WITH u, vector.similarity.cosine(u.embedding, $embedding) AS score
  ORDER BY score DESC
  LIMIT toInteger($perPage)
  MATCH (u)-[:COVERS]->(e:Element)
  WITH score, e
  ORDER BY score DESC, e.readingIndex
  RETURN max(score) AS best,
         collect({elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: score}) AS passageElements
}
CALL (p) {
  MATCH (e:Element {docId: p.docId, pageNumber: p.number})
  WHERE NOT e.kind IN ['page-header', 'page-footer']
  WITH e
  ORDER BY e.readingIndex
  LIMIT toInteger($perPage)
  RETURN collect({elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: 0.0}) AS firstElements
}
RETURN p.docId AS docId, p.number AS pageNumber, coalesce(best, 0.0) AS score,
       CASE WHEN size(passageElements) > 0 THEN passageElements ELSE firstElements END AS elements
ORDER BY position
