// Documents being ingested (INGESTING), with their owner and how long since their last heartbeat (Neo4j's clock),
// for the recovery sweep to tell which were left by a process that stopped (src/common/process-owner.ts).
// Params: none
// Returns: id, sha256, ingestionId, owner, heartbeatAgeMs
MATCH (d:Document)
WHERE d.status = 'INGESTING'
RETURN d.id AS id, d.sha256 AS sha256, d.ingestionId AS ingestionId, d.owner AS owner,
       duration.inSeconds(coalesce(d.heartbeatAt, d.ingestedAt), datetime()).milliseconds AS heartbeatAgeMs
