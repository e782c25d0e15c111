// Creates or updates an ingestion job's status and progress.
// Params: $job
// Returns: nothing
MERGE (j:IngestionJob {id: $job.id})
ON CREATE SET j.createdAt = datetime()
SET j += $job, j.updatedAt = datetime()
