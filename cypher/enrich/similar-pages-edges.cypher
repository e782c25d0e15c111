// SIMILAR_TO edges leaving each of several pages, best first; a page without any has no row.
// Each ref is {index, docId, number}.
// Params: $refs
// Returns: index, edges
UNWIND $refs AS ref
MATCH (a:Page {docId: ref.docId, number: ref.number})-[r:SIMILAR_TO]->(b:Page)
WITH ref, a, r, b
ORDER BY r.score DESC, b.number
RETURN ref.index AS index,
       collect({fromDocId: a.docId, fromNumber: a.number, toDocId: b.docId, toNumber: b.number, score: r.score,
                coarse: r.coarse, method: r.method}) AS edges
