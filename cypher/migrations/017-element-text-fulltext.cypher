// Full-text index over element text and table/figure descriptions (keyword side of hybrid search). docId is
// indexed too, so a scoped query filters inside Lucene instead of fetching corpus-wide hits and dropping most.
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX element_text IF NOT EXISTS FOR (n:Element) ON EACH [n.text, n.description, n.docId]
