// GRAPH strategy: the whole offline walk in one query. Seeds are pages scored as HYBRID scores them (passage
// vector + passage full-text fused by reciprocal rank, best passage per page, plus the page's own BM25 rank times
// $pageTextWeight, plus $statementPageWeight at rank 1 for a page of a financial statement the question names).
// From the best $seeds pages the walk follows, up to 2 hops, NEXT_PAGE both ways and SIMILAR_TO (page graph),
// and one hop over REFERS_TO (a mention on the page → the page of the table, figure, section or page it names),
// CAPTIONS (a caption → its figure on another page) and CONTAINS (the other pages of a short section the page
// belongs to). Every page's own score is min-max normalised over the fused candidates (0 for a page only the
// walk reaches); a reached page is pulled towards its seed: it adds $walkWeight × edge weight × $hopDecay^(hop−1)
// × (seed score − own score), keeping its best path, and never passes the seed that led to it. So a page that
// matches a little and sits next to (or is cited by) a strong match rises above an isolated weak match, while the
// strong match keeps its place. Scoped like hybrid-pages; only READY documents.
// Params: $embedding, $docIds, $luceneQuery, $candidates, $seeds, $k, $perPage, $rrfK, $pageTextWeight, $statementPages, $statementPageWeight, $walkWeight, $hopDecay
// Returns: docId, pageNumber, score, hop, via, fromPage, elements
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
  WITH u.docId AS docId, u.pageNumber AS pageNumber, collect(score)[0] AS best
  RETURN collect({docId: docId, pageNumber: pageNumber, score: best}) AS passagePages
}
WITH passagePages + [i IN range(0, size(pageHits) - 1) |
       {docId: pageHits[i].docId, pageNumber: pageHits[i].number, score: $pageTextWeight / ($rrfK + i + 1)}] +
     [s IN $statementPages | {docId: s.docId, pageNumber: s.pageNumber, score: $statementPageWeight / ($rrfK + 1)}] AS found
UNWIND found AS f
WITH f.docId AS docId, f.pageNumber AS pageNumber, sum(f.score) AS own
MATCH (d:Document {id: docId}) WHERE d.status = 'READY'
WITH docId, pageNumber, own ORDER BY own DESC
WITH collect({docId: docId, pageNumber: pageNumber, own: own}) AS fused
WITH fused, fused[0].own AS top, fused[size(fused) - 1].own AS bottom
WITH [f IN fused | f {.*, own: CASE WHEN top > bottom THEN (f.own - bottom) / (top - bottom) ELSE 1.0 END}] AS fused
CALL (fused) {
  UNWIND fused[0..toInteger($seeds)] AS seed
  MATCH (sp:Page {docId: seed.docId, number: seed.pageNumber})
  CALL (sp) {
    MATCH path = (sp)-[:NEXT_PAGE|SIMILAR_TO*1..2]-(p:Page)
    WHERE p <> sp
    WITH p, length(path) AS hop, relationships(path) AS rels
    RETURN p, hop,
           CASE WHEN type(rels[0]) = 'SIMILAR_TO' THEN 'similar'
                WHEN startNode(rels[0]) = sp THEN 'next-page' ELSE 'previous-page' END AS via,
           reduce(w = 1.0, r IN rels | w * CASE type(r) WHEN 'SIMILAR_TO' THEN r.score ELSE 1.0 END) AS weight
    UNION
    MATCH (sp)-[:HAS_ELEMENT]->(:Element)-[:REFERS_TO]->(target)
    CALL (target) {
      MATCH (target:Page) RETURN target AS p
      UNION
      MATCH (p:Page)-[:HAS_ELEMENT]->(target:Element) RETURN p
      UNION
      MATCH (p:Page {docId: target.docId, number: target.pageStart}) WHERE target:Section RETURN p
    }
    WITH p WHERE p <> sp
    RETURN p, 1 AS hop, 'refers-to' AS via, 1.0 AS weight
    UNION
    MATCH (sp)-[:HAS_ELEMENT]->(:Element)-[:CAPTIONS]->(:Element)<-[:HAS_ELEMENT]-(p:Page)
    WHERE p <> sp
    RETURN p, 1 AS hop, 'captions' AS via, 1.0 AS weight
    UNION
    MATCH (sp)-[:HAS_ELEMENT]->(:Element)<-[:CONTAINS]-(s:Section)
    WHERE 1 <= s.pageEnd - s.pageStart <= 4
    MATCH (p:Page {docId: s.docId})
    WHERE s.pageStart <= p.number <= s.pageEnd AND p <> sp
    RETURN DISTINCT p, 1 AS hop, 'section' AS via, 0.5 AS weight
  }
  WITH seed, p, hop, via, weight * $hopDecay ^ (hop - 1) AS weight,
       coalesce([f IN fused WHERE f.docId = p.docId AND f.pageNumber = p.number | f.own][0], 0.0) AS own
  WITH seed, p, hop, via, $walkWeight * weight * CASE WHEN seed.own > own THEN seed.own - own ELSE 0.0 END AS boost
  ORDER BY boost DESC
  WITH p, collect({boost: boost, hop: hop, via: via, fromPage: seed.pageNumber})[0] AS best
  RETURN collect({docId: p.docId, pageNumber: p.number, best: best}) AS reached
}
WITH fused, reached
UNWIND fused + [r IN reached | {docId: r.docId, pageNumber: r.pageNumber, own: 0.0, best: r.best}] AS c
WITH c.docId AS docId, c.pageNumber AS pageNumber, max(c.own) AS own,
     [b IN collect(c.best) WHERE b IS NOT NULL][0] AS best
WITH docId, pageNumber, own, best, coalesce(best.boost, 0.0) AS walk
// The path is reported when the walk raised the page.
WITH docId, pageNumber, own + walk AS score, CASE WHEN walk > 0 THEN best END AS path
ORDER BY score DESC
LIMIT toInteger($k)
CALL (docId, pageNumber) {
  MATCH (:Page {docId: docId, number: pageNumber})-[:HAS_PASSAGE]->(u:Passage)
  WITH u, vector.similarity.cosine(u.embedding, $embedding) AS similarity
  ORDER BY similarity DESC
  LIMIT toInteger($perPage)
  WITH collect({u: u, score: similarity}) AS best
  UNWIND range(0, size(best) - 1) AS rank
  WITH rank, best[rank].u AS u, best[rank].score AS similarity
  MATCH (u)-[:COVERS]->(e:Element)
  WITH rank, similarity, e ORDER BY rank, e.readingIndex
  RETURN collect({elementId: e.id, kind: e.kind, text: e.text, bbox: e.bbox, score: similarity}) AS elements
}
RETURN docId, pageNumber, score, coalesce(path.hop, 0) AS hop, coalesce(path.via, 'seed') AS via,
       path.fromPage AS fromPage, elements
ORDER BY score DESC
