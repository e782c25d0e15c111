// TRACE judge input (and DMAP's check): for each candidate page, the passages nearest the sub-query (cosine on the
// passage vectors, best first) joined into the text the cross-encoder reads, the elements those passages cover (the
// evidence a hit cites) and the whole page text (what an LLM judge reads). A page without passages offers the start of its text;
// a scanned page (OCR'd, no text layer) its whole text when it fits $maxChars: its passages follow a layout read
// from recognised lines, and the one nearest the question is a fragment of a slide (TRACE scanned R@3 59.1 → 64.2,
// born-digital pages unchanged; reading short born-digital pages whole lost 1.0 there: docs/measurements.md).
// Params: $pages, $embedding, $perPage, $maxChars
// Returns: docId, pageNumber, bestText, pageText, elements
UNWIND $pages AS p
MATCH (page:Page {docId: p.docId, number: p.pageNumber})
CALL (page) {
  MATCH (page)-[:HAS_PASSAGE]->(u:Passage)
  WHERE u.embedding IS NOT NULL
  WITH u, vector.similarity.cosine(u.embedding, $embedding) AS similarity
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
WITH page, best, elements, coalesce(page.text, '') AS pageText
RETURN page.docId AS docId, page.number AS pageNumber,
       CASE WHEN size(best) = 0 THEN left(pageText, toInteger($maxChars))
            WHEN page.hasTextLayer = false AND size(pageText) <= $maxChars THEN pageText
            ELSE reduce(s = '', b IN best | s + CASE WHEN s = '' THEN '' ELSE '\n' END + coalesce(b.u.text, ''))
       END AS bestText,
       pageText, elements
