// SIMILAR_TO edges leaving one page, best first.
// Params: $docId, $number
// Returns: fromDocId, fromNumber, toDocId, toNumber, score, coarse, method
MATCH (a:Page {docId: $docId, number: $number})-[r:SIMILAR_TO]->(b:Page)
RETURN a.docId AS fromDocId, a.number AS fromNumber, b.docId AS toDocId, b.number AS toNumber,
       r.score AS score, r.coarse AS coarse, r.method AS method
ORDER BY r.score DESC, toNumber
