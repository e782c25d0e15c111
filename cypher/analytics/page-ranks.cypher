// The pageRank written back by `folio analyze --gds --write` for every page of the given documents (null where
// never written), for measuring a centrality prior.
// Params: $docIds
// Returns: docId, pageNumber, pageRank
UNWIND $docIds AS docId
MATCH (p:Page {docId: docId})
RETURN docId, p.number AS pageNumber, p.pageRank AS pageRank
