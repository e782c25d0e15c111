// Creates or updates an enrichment job's status and progress; every save is also the runner's heartbeat.
// Params: $job
// Returns: nothing
MERGE (j:EnrichmentJob {id: $job.id})
ON CREATE SET j.createdAt = datetime()
SET j += $job, j.updatedAt = datetime(), j.heartbeatAt = datetime()
