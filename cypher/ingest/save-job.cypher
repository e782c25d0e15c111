// Creates or updates an ingestion job's status and progress; every save is also the runner's heartbeat.
// Params: $job
// Returns: nothing
MERGE (j:IngestionJob {id: $job.id})
ON CREATE SET j.createdAt = datetime()
SET j += $job, j.updatedAt = datetime(), j.heartbeatAt = datetime()
