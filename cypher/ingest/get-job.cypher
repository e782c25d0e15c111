// One ingestion job by id, with how long ago its runner last reported (Neo4j's clock, so API clocks need not agree;
// jobs saved before heartbeats existed count from their last update).
// Params: $id
// Returns: job
MATCH (j:IngestionJob {id: $id})
RETURN j {
  .*,
  createdAt: toString(j.createdAt),
  updatedAt: toString(j.updatedAt),
  heartbeatAt: toString(j.heartbeatAt),
  heartbeatAgeMs: duration.inSeconds(coalesce(j.heartbeatAt, j.updatedAt), datetime()).milliseconds
} AS job
