// Document routing, the signals that need only the question's words (run while the question is embedded; the
// vector signals are route-documents): 'title' (full text over titles and file names) and 'outline' (full text
// over section titles), each its top $candidates hits, and 'passage-text' (full text over passages) its top $voters
// passages. Every signal reads an index, never a scan. $allowed (null = every document) keeps a filter's documents.
// Hits are grouped by document before its Document is read: one look-up per document, not one per hit.
// Params: $titleQuery, $outlineQuery, $textQuery, $candidates, $voters, $allowed
// Returns: docId, title, kind, signal, score, pageNumber, evidence
CALL () {
  WITH $titleQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('document_title', q, {limit: toInteger($candidates)}) YIELD node, score
  RETURN node.id AS docId, 'title' AS signal, score, null AS pageNumber, node.title AS evidence
  UNION ALL
  WITH $outlineQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('section_text', q, {limit: toInteger($candidates)}) YIELD node, score
  RETURN node.docId AS docId, 'outline' AS signal, score, node.pageStart AS pageNumber, node.title AS evidence
  UNION ALL
  WITH $textQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('passage_text', q, {limit: toInteger($voters)}) YIELD node, score
  RETURN node.docId AS docId, 'passage-text' AS signal, score, node.pageNumber AS pageNumber,
         left(coalesce(node.text, ''), 80) AS evidence
}
WITH docId, signal, score, pageNumber, evidence
WHERE docId IS NOT NULL AND ($allowed IS NULL OR docId IN $allowed)
WITH docId, collect({signal: signal, score: score, pageNumber: pageNumber, evidence: evidence}) AS hits
MATCH (d:Document {id: docId})
WHERE d.status = 'READY'
UNWIND hits AS h
RETURN docId, d.title AS title, d.kind AS kind, h.signal AS signal, h.score AS score, h.pageNumber AS pageNumber, h.evidence AS evidence
