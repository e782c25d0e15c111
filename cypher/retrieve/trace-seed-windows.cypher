// TRACE seed round: every sub-query's seed pages in one query, each page with the passage nearest its own
// sub-query (cosine on the passage vectors, best first) joined into the text the cross-encoder reads, the elements
// those passages cover and the whole page text, as page-best-passages returns them for one sub-query (a scanned
// page that fits $maxChars read whole, as there). $embeddings
// holds one vector per sub-query; each row of $pages names its sub-query by index in `query`.
// Params: $pages, $embeddings, $perPage, $maxChars
// Returns: query, docId, pageNumber, bestText, pageText, elements
UNWIND $pages AS p
MATCH (page:Page {docId: p.docId, number: p.pageNumber})
WITH p, page, $embeddings[toInteger(p.query)] AS embedding
CALL (page, embedding) {
  MATCH (page)-[:HAS_PASSAGE]->(u:Passage)
  WHERE u.embedding IS NOT NULL
  WITH u, vector.similarity.cosine(u.embedding, embedding) AS similarity
  ORDER BY similarity DESC
  LIMIT toInteger($perPage)
  RETURN collect({u: u, similarity: similarity}) AS best
}
CALL (best) {
  UNWIND range(0, size(best) - 1) AS rank
  WITH rank, best[rank].u AS u, best[rank].similarity AS similarity
  MATCH (u)-[:COVERS]->(e:Element)
  WITH rank, similarity, e ORDER BY rank, e.readingIndex
  RETURN collect({elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: similarity}) AS elements
}
WITH p, page, best, elements, coalesce(page.text, '') AS pageText
RETURN toInteger(p.query) AS query, page.docId AS docId, page.number AS pageNumber,
       CASE WHEN size(best) = 0 THEN left(pageText, toInteger($maxChars))
            WHEN page.hasTextLayer = false AND size(pageText) <= $maxChars THEN pageText
            ELSE reduce(s = '', b IN best | s + CASE WHEN s = '' THEN '' ELSE '\n' END + coalesce(b.u.text, ''))
       END AS bestText,
       pageText, elements
