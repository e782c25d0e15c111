// Heartbeat of a running ingestion, so another process can tell a live ingestion from an abandoned one.
// Params: $docId, $stage
// Returns: nothing
MATCH (d:Document {id: $docId})
SET d.heartbeatAt = datetime(), d.stage = $stage
