// Every stored API key, newest first, without its hash.
// Params: none
// Returns: key
MATCH (k:ApiKey)
RETURN k {
  .id, .name, .prefix, .scopes,
  createdAt: toString(k.createdAt), lastUsedAt: toString(k.lastUsedAt), revokedAt: toString(k.revokedAt)
} AS key
ORDER BY k.createdAt DESC, k.id
