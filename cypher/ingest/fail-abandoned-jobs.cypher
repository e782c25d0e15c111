// Marks FAILED the ingestion jobs left QUEUED or RUNNING by a process that stopped: no heartbeat for $staleAfterMs.
// Params: $staleAfterMs, $errorCode, $reason
// Returns: id
MATCH (j:IngestionJob)
WHERE j.status IN ['QUEUED', 'RUNNING']
  AND coalesce(j.heartbeatAt, j.updatedAt) < datetime() - duration({milliseconds: $staleAfterMs})
SET j.status = 'FAILED', j.errorCode = $errorCode, j.error = $reason, j.updatedAt = datetime()
RETURN j.id AS id
