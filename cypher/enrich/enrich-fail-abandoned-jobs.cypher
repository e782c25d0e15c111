// Marks FAILED the enrichment jobs in $ids that the recovery sweep found abandoned, if still open and not the Redis
// queue's by now.
// Params: $ids, $errorCode, $reason
// Returns: id
MATCH (j:EnrichmentJob)
WHERE j.id IN $ids AND j.status IN ['QUEUED', 'RUNNING'] AND j.queue IS NULL
SET j.status = 'FAILED', j.errorCode = $errorCode, j.error = $reason, j.updatedAt = datetime()
RETURN j.id AS id
