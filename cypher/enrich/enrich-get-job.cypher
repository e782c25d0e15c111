// One enrichment job by id.
// Params: $id
// Returns: job
MATCH (j:EnrichmentJob {id: $id})
RETURN j {.*, createdAt: toString(j.createdAt), updatedAt: toString(j.updatedAt)} AS job
