// Full-text index over whole-page text (docId indexed for scoped queries).
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX page_text IF NOT EXISTS FOR (n:Page) ON EACH [n.text, n.docId]
