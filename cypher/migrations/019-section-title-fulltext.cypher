// Full-text index over section titles and paths.
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX section_text IF NOT EXISTS FOR (n:Section) ON EACH [n.title, n.path]
