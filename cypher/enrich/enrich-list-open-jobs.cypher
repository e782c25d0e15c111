// Enrichment jobs still QUEUED or RUNNING, with their owner and how long since their last heartbeat (Neo4j's
// clock), for the recovery sweep. A job of the Redis queue (j.queue set) is BullMQ's to track: its stalled check
// gives a dead worker's job to another worker.
// Params: none
// Returns: id, owner, heartbeatAgeMs
MATCH (j:EnrichmentJob)
WHERE j.status IN ['QUEUED', 'RUNNING'] AND j.queue IS NULL
RETURN j.id AS id, j.owner AS owner,
       duration.inSeconds(coalesce(j.heartbeatAt, j.updatedAt), datetime()).milliseconds AS heartbeatAgeMs
