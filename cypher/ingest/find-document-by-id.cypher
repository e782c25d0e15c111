// The document with this id (ids derive from the sha256 of the bytes), with its status and last heartbeat; the
// heartbeat's age is measured by Neo4j's clock, so API clocks need not agree.
// Params: $docId
// Returns: document
MATCH (d:Document {id: $docId})
RETURN d {
  .*,
  ingestedAt: toString(d.ingestedAt),
  heartbeatAt: toString(d.heartbeatAt),
  tags: coalesce(d.tags, []),
  kind: d.kind,
  heartbeatAgeMs: duration.inSeconds(coalesce(d.heartbeatAt, d.ingestedAt), datetime()).milliseconds
} AS document
