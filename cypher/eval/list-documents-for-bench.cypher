// Documents with their page counts; clones (made by clone-document) flagged, for growing and cleaning a bench corpus.
// Params: none
// Returns: id, pageCount, clonedFrom
MATCH (d:Document)
RETURN d.id AS id, d.pageCount AS pageCount, d.clonedFrom AS clonedFrom
ORDER BY d.id
