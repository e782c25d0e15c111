// Full-text index over element text and table/figure descriptions (keyword side of hybrid search). docId sits in
// the index too: a scoped query adds `AND docId:("…")` (src/retrieve/lucene-query.ts), so Lucene ranks only the
// scope's nodes; filtering after the call would fetch the corpus-wide top hits and drop most of them.
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX element_text IF NOT EXISTS FOR (n:Element) ON EACH [n.text, n.description, n.docId]
