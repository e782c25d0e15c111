// The key whose hash a request presented, revoked or not (the caller refuses a revoked one).
// Params: $sha256
// Returns: key
MATCH (k:ApiKey {sha256: $sha256})
RETURN k {
  .id, .name, .prefix, .scopes,
  createdAt: toString(k.createdAt), lastUsedAt: toString(k.lastUsedAt), revokedAt: toString(k.revokedAt)
} AS key
