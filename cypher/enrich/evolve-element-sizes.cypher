// How many embedded elements a document has and their text lengths (for dry-run cost estimates).
// Params: $docId
// Returns: elements, lengths
MATCH (e:Element {docId: $docId})
WHERE e.embedding IS NOT NULL
RETURN count(e) AS elements, collect(size(coalesce(e.description, e.text, ''))) AS lengths
