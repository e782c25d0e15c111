// Documents left INGESTING by a process that stopped (no heartbeat for $staleAfterMs): half-written, never served
// (retrieval reads READY documents only), to be removed.
// Params: $staleAfterMs
// Returns: id, sha256
MATCH (d:Document)
WHERE d.status = 'INGESTING'
  AND coalesce(d.heartbeatAt, d.ingestedAt) < datetime() - duration({milliseconds: $staleAfterMs})
RETURN d.id AS id, d.sha256 AS sha256
