// How many sections of a document come from each source ('outline', 'headings', 'inferred').
// Params: $docId
// Returns: source, sections
MATCH (s:Section {docId: $docId})
RETURN coalesce(s.source, 'unknown') AS source, count(s) AS sections
