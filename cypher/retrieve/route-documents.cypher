// Document routing, the signals that need the question's vector (the word signals are route-documents-text):
// 'section' (section vectors) and 'summary' (Summary vectors: document, section, page and tree summaries), each its
// top $candidates hits, and 'passage' (passage vectors) its top $voters passages. Every signal reads an index, never
// a scan. $allowed (null = every document) keeps the documents a filter admits; each of them also gets a 'filter'
// hit (score 0), so an admitted document no index ranked high is still a candidate.
// Hits are grouped by document before its Document is read: one look-up per document, not one per hit.
// Params: $embedding, $candidates, $voters, $allowed
// Returns: docId, title, kind, signal, score, pageNumber, evidence
CALL () {
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
  UNWIND coalesce($allowed, []) AS id
  RETURN id AS docId, 'filter' AS signal, 0.0 AS score, null AS pageNumber, null AS evidence
}
WITH docId, signal, score, pageNumber, evidence
WHERE docId IS NOT NULL AND ($allowed IS NULL OR docId IN $allowed)
WITH docId, collect({signal: signal, score: score, pageNumber: pageNumber, evidence: evidence}) AS hits
MATCH (d:Document {id: docId})
WHERE d.status = 'READY'
UNWIND hits AS h
RETURN docId, d.title AS title, d.kind AS kind, h.signal AS signal, h.score AS score, h.pageNumber AS pageNumber, h.evidence AS evidence
