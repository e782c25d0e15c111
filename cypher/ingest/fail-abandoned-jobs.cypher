// Marks FAILED the ingestion jobs left QUEUED or RUNNING by a process that stopped: one known dead ($deadOwners,
// see src/common/process-owner.ts) or silent for $staleAfterMs.
// Params: $staleAfterMs, $deadOwners, $errorCode, $reason
// Returns: id
MATCH (j:IngestionJob)
WHERE j.status IN ['QUEUED', 'RUNNING']
  AND (j.owner IN $deadOwners
    OR coalesce(j.heartbeatAt, j.updatedAt) < datetime() - duration({milliseconds: $staleAfterMs}))
SET j.status = 'FAILED', j.errorCode = $errorCode, j.error = $reason, j.updatedAt = datetime()
RETURN j.id AS id
