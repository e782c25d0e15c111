// Full-text index over document titles and file names: document routing's title signal reads it instead of
// scanning every Document.
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX document_title IF NOT EXISTS FOR (n:Document) ON EACH [n.title, n.fileName]
