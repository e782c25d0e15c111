// SIMILAR_TO edges leaving a document's pages, best first.
// Params: $docId, $limit
// Returns: fromDocId, fromNumber, toDocId, toNumber, score, coarse, method
MATCH (a:Page {docId: $docId})-[r:SIMILAR_TO]->(b:Page)
RETURN a.docId AS fromDocId, a.number AS fromNumber, b.docId AS toDocId, b.number AS toNumber,
       r.score AS score, r.coarse AS coarse, r.method AS method
ORDER BY r.score DESC, fromNumber, toNumber
LIMIT toInteger($limit)
