// Removes a document's inferred sections (and their edges); sections from the PDF outline or headings stay.
// Params: $docId
// Returns: deleted
OPTIONAL MATCH (s:Section {docId: $docId})
WHERE s.source = 'inferred'
DETACH DELETE s
RETURN count(s) AS deleted
