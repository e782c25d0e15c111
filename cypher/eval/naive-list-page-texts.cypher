// A document's pages with the plain text Folio stored for them, in page order: the naive baseline's input, so
// both systems read the same text.
// Params: $docId
// Returns: pageNumber, text
MATCH (p:Page {docId: $docId})
RETURN p.number AS pageNumber, coalesce(p.text, '') AS text
ORDER BY pageNumber
