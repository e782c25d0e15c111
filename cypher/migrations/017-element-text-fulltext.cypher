// Full-text index over element text and table/figure descriptions (keyword side of hybrid search).
// Params: none
// Returns: nothing
CREATE FULLTEXT INDEX element_text IF NOT EXISTS FOR (n:Element) ON EACH [n.text, n.description]
