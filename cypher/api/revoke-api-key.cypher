// Revokes a key (kept, for the record, with the time); revoking it again keeps the first time.
// Params: $id
// Returns: key
MATCH (k:ApiKey {id: $id})
SET k.revokedAt = coalesce(k.revokedAt, datetime())
RETURN k {
  .id, .name, .prefix, .scopes,
  createdAt: toString(k.createdAt), lastUsedAt: toString(k.lastUsedAt), revokedAt: toString(k.revokedAt)
} AS key
