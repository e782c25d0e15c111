// The evolved summary and keywords of several elements (null before enrichment); a missing id has no row.
// Params: $ids
// Returns: id, summary, keywords
UNWIND $ids AS id
MATCH (e:Element {id: id})
RETURN id, e.summary AS summary, e.keywords AS keywords
