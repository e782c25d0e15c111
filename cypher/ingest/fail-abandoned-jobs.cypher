// Marks FAILED the ingestion jobs left QUEUED or RUNNING by a process that stopped: one known dead ($deadOwners,
// see src/common/process-owner.ts) or silent for $staleAfterMs. A job waiting in the Redis queue (j.queue set) is
// BullMQ's to track, not the heartbeat's.
// Params: $staleAfterMs, $deadOwners, $errorCode, $reason
// Returns: id
MATCH (j:IngestionJob)
WHERE (j.status = 'RUNNING' OR (j.status = 'QUEUED' AND j.queue IS NULL))
  AND (j.owner IN $deadOwners
    OR coalesce(j.heartbeatAt, j.updatedAt) < datetime() - duration({milliseconds: $staleAfterMs}))
SET j.status = 'FAILED', j.errorCode = $errorCode, j.error = $reason, j.updatedAt = datetime()
RETURN j.id AS id
