// Document routing for an unscoped search: which READY documents a question is about, signal by signal. Every
// signal reads an index, never a scan: 'title' (full text over titles and file names), 'outline' (full text over
// section titles), 'section' (section vectors), 'summary' (Summary vectors: document, section, page and tree
// summaries), each its top $candidates hits; 'passage' (passage vectors) and 'passage-text' (full text over
// passages), each its top $voters passages. $allowed (null = every document) keeps the documents a filter admits;
// each of them also gets a 'filter' hit (score 0), so an admitted document no index ranked high is still a candidate.
// Params: $embedding, $titleQuery, $outlineQuery, $textQuery, $candidates, $voters, $allowed
// Returns: docId, title, signal, score, pageNumber, evidence
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
  CALL db.index.vector.queryNodes('section_embedding', toInteger($candidates), $embedding) YIELD node, score
  RETURN node.docId AS docId, 'section' AS signal, score, node.pageStart AS pageNumber, node.title AS evidence
  UNION ALL
  CALL db.index.vector.queryNodes('summary_embedding', toInteger($candidates), $embedding) YIELD node, score
  RETURN node.docId AS docId, 'summary' AS signal, score, null AS pageNumber,
         node.kind + ' summary: ' + left(coalesce(node.text, ''), 80) AS evidence
  UNION ALL
  CALL db.index.vector.queryNodes('passage_embedding', toInteger($voters), $embedding) YIELD node, score
  RETURN node.docId AS docId, 'passage' AS signal, score, node.pageNumber AS pageNumber,
         left(coalesce(node.text, ''), 80) AS evidence
  UNION ALL
  WITH $textQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('passage_text', q, {limit: toInteger($voters)}) YIELD node, score
  RETURN node.docId AS docId, 'passage-text' AS signal, score, node.pageNumber AS pageNumber,
         left(coalesce(node.text, ''), 80) AS evidence
  UNION ALL
  UNWIND coalesce($allowed, []) AS id
  RETURN id AS docId, 'filter' AS signal, 0.0 AS score, null AS pageNumber, null AS evidence
}
WITH docId, signal, score, pageNumber, evidence
WHERE docId IS NOT NULL AND ($allowed IS NULL OR docId IN $allowed)
MATCH (d:Document {id: docId})
WHERE d.status = 'READY'
RETURN docId, d.title AS title, signal, score, pageNumber, evidence
ORDER BY signal, score DESC
