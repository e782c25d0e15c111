// Tests only: stores a stage record the way builds before EnrichmentRecord did, as a JSON string on the Document.
// Params: $docId, $json
// Returns: id
MATCH (d:Document {id: $docId})
SET d.enrichmentSimilar = $json
RETURN d.id AS id
