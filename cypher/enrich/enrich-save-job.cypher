// Creates or updates an enrichment job's status and progress.
// Params: $job
// Returns: nothing
MERGE (j:EnrichmentJob {id: $job.id})
ON CREATE SET j.createdAt = datetime()
SET j += $job, j.updatedAt = datetime()
