// Tests only: each element of a document with its kind and its labels.
// Params: $docId
// Returns: kind, labels
MATCH (e:Element {docId: $docId})
RETURN e.kind AS kind, labels(e) AS labels
