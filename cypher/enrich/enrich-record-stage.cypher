// Sets (or, with null values, removes) a document's per-stage enrichment records (JSON strings), e.g.
// {enrichmentSimilar: '{"calls":0,…}'}; each stage owns its own property so stages never overwrite each other.
// Params: $docId, $props
// Returns: id
MATCH (d:Document {id: $docId})
SET d += $props
RETURN d.id AS id
