// Marks FAILED the ingestion jobs left QUEUED or RUNNING by a process that stopped: one known dead ($deadOwners,
// see src/common/process-owner.ts) or silent for $staleAfterMs. A job of the Redis queue (j.queue set), waiting or
// running, is BullMQ's to track: its stalled check gives a dead worker's job to another worker.
// Params: $staleAfterMs, $deadOwners, $errorCode, $reason
// Returns: id
MATCH (j:IngestionJob)
WHERE j.status IN ['QUEUED', 'RUNNING'] AND j.queue IS NULL
  AND (j.owner IN $deadOwners
    OR coalesce(j.heartbeatAt, j.updatedAt) < datetime() - duration({milliseconds: $staleAfterMs}))
SET j.status = 'FAILED', j.errorCode = $errorCode, j.error = $reason, j.updatedAt = datetime()
RETURN j.id AS id
