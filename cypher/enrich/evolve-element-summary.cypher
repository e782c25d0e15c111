// One element's evolved summary and keywords (null before enrichment).
// Params: $id
// Returns: summary, keywords
MATCH (e:Element {id: $id})
RETURN e.summary AS summary, e.keywords AS keywords
