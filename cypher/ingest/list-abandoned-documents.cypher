// Documents left INGESTING by a process that stopped — one known dead ($deadOwners, see
// src/common/process-owner.ts) or silent for $staleAfterMs: half-written, never served (retrieval reads READY
// documents only), to be removed.
// Params: $staleAfterMs, $deadOwners
// Returns: id, sha256, ingestionId
MATCH (d:Document)
WHERE d.status = 'INGESTING'
  AND (d.owner IN $deadOwners
    OR coalesce(d.heartbeatAt, d.ingestedAt) < datetime() - duration({milliseconds: $staleAfterMs}))
RETURN d.id AS id, d.sha256 AS sha256, d.ingestionId AS ingestionId
