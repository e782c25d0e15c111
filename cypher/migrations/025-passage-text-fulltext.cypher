// Full-text index over retrieval-unit text (the keyword side of hybrid search); docId indexed for scoped queries.
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX passage_text IF NOT EXISTS FOR (n:Passage) ON EACH [n.text, n.docId]
