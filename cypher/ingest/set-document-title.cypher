// Replaces a stored document's title (folio retitle: titles chosen by the current title rule).
// Params: $docId, $title
// Returns: id
MATCH (d:Document {id: $docId})
SET d.title = $title
RETURN d.id AS id
