// Creates or updates an ingestion job's status and progress; every save is also the runner's heartbeat.
// Progress counts are stored as Cypher INTEGERs (a JavaScript number arrives as a FLOAT).
// Params: $job
// Returns: nothing
MERGE (j:IngestionJob {id: $job.id})
ON CREATE SET j.createdAt = datetime()
SET j += $job, j.done = toInteger($job.done), j.total = toInteger($job.total),
    j.attempts = coalesce(toInteger($job.attempts), j.attempts), j.updatedAt = datetime(), j.heartbeatAt = datetime()
