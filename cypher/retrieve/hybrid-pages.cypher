// HYBRID and PARENT_PAGE strategies over retrieval units (Passage): the passage vector ranking and the passage
// full-text ranking are fused per passage by reciprocal rank (1 / ($rrfK + rank)) and grouped into pages;
// the whole-page full-text ranking (BM25 over each page's text, index page_text) adds its own reciprocal rank
// to each page, times $pageTextWeight, because page-level lexical evidence finds pages that no single passage
// matches well. The pages of a financial statement the question names ($statementPages, statement-pages.cypher)
// add $statementPageWeight as if ranked first.
// $aggregate 'max' scores a page by its best passage (HYBRID); 'sum' adds up its passages' evidence with
// squared decay (best + second/4 + third/9 …: MMRAG-DocQA's parent-page retrieval). Every side aggregates inside
// its subquery, so a side without terms or hits (a typo, a foreign word) leaves the others intact. Scoped like
// vector-pages; both full-text sides are scoped inside Lucene by the docId clause of $luceneQuery (null = no
// terms). Only READY documents are searched. A page's evidence is the elements its best passages cover.
// Params: $embedding, $docIds, $luceneQuery, $candidates, $k, $perPage, $rrfK, $aggregate, $pageTextWeight, $statementPages, $statementPageWeight
// Returns: docId, pageNumber, score, elements
CALL () {
  UNWIND coalesce($docIds, []) AS docId
  MATCH (u:Passage {docId: docId})
  WHERE u.embedding IS NOT NULL
  WITH u, vector.similarity.cosine(u.embedding, $embedding) AS score
  ORDER BY score DESC
  LIMIT toInteger($candidates)
  RETURN u, score
  UNION
  WITH $docIds AS scope
  WHERE scope IS NULL
  CALL db.index.vector.queryNodes('passage_embedding', toInteger($candidates), $embedding) YIELD node, score
  RETURN node AS u, score
}
WITH u ORDER BY score DESC
WITH collect(u) AS vectorHits
CALL () {
  WITH $luceneQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('passage_text', q, {limit: toInteger($candidates)}) YIELD node, score
  WITH node, score WHERE $docIds IS NULL OR node.docId IN $docIds
  WITH node ORDER BY score DESC
  RETURN collect(node) AS textHits
}
CALL () {
  WITH $luceneQuery AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('page_text', q, {limit: toInteger($candidates)}) YIELD node, score
  WITH node, score WHERE $docIds IS NULL OR node.docId IN $docIds
  WITH node ORDER BY score DESC
  RETURN collect(node) AS pageHits
}
WITH pageHits,
     [i IN range(0, size(vectorHits) - 1) | {u: vectorHits[i], rrf: 1.0 / ($rrfK + i + 1)}] +
     [i IN range(0, size(textHits) - 1) | {u: textHits[i], rrf: 1.0 / ($rrfK + i + 1)}] AS ranked
CALL (ranked) {
  UNWIND ranked AS r
  WITH r.u AS u, sum(r.rrf) AS score
  ORDER BY score DESC
  WITH u.docId AS docId, u.pageNumber AS pageNumber, collect({passage: u, score: score}) AS hits
  RETURN collect({docId: docId, pageNumber: pageNumber, hits: hits}) AS passagePages
}
WITH passagePages + [i IN range(0, size(pageHits) - 1) |
       {docId: pageHits[i].docId, pageNumber: pageHits[i].number, hits: [], pageRrf: $pageTextWeight / ($rrfK + i + 1)}] +
     [s IN $statementPages | {docId: s.docId, pageNumber: s.pageNumber, hits: [], pageRrf: $statementPageWeight / ($rrfK + 1)}] AS found
UNWIND found AS f
WITH f.docId AS docId, f.pageNumber AS pageNumber, collect(f) AS parts
WITH docId, pageNumber,
     reduce(h = [], p IN parts | h + p.hits) AS hits,
     reduce(s = 0.0, p IN parts | s + coalesce(p.pageRrf, 0.0)) AS pageRrf
MATCH (d:Document {id: docId}) WHERE d.status = 'READY'
WITH docId, pageNumber, hits,
     pageRrf + CASE
       WHEN size(hits) = 0 THEN 0.0
       WHEN $aggregate = 'sum' THEN reduce(s = 0.0, i IN range(0, size(hits) - 1) | s + hits[i].score / ((i + 1) * (i + 1)))
       ELSE hits[0].score
     END AS score
ORDER BY score DESC
LIMIT toInteger($k)
CALL (docId, pageNumber, hits) {
  // A page found by its whole text alone cites its passages nearest the question.
  MATCH (:Page {docId: docId, number: pageNumber})-[:HAS_PASSAGE]->(u:Passage)
  WITH u, coalesce([h IN hits WHERE h.passage = u | h.score][0], 0.0) AS fused,
       vector.similarity.cosine(u.embedding, $embedding) AS similarity
  ORDER BY fused DESC, similarity DESC
  LIMIT toInteger($perPage)
  WITH collect({u: u, score: fused}) AS best
  UNWIND range(0, size(best) - 1) AS rank
  WITH rank, best[rank].u AS u, best[rank].score AS score
  MATCH (u)-[:COVERS]->(e:Element)
  WITH rank, score, e ORDER BY rank, e.readingIndex
  RETURN collect({elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: score}) AS elements
}
RETURN docId, pageNumber, score, elements
ORDER BY score DESC
