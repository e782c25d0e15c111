// Stores a new API key: only its SHA-256 and a short prefix of the secret, never the secret itself.
// Params: $key
// Returns: key
CREATE (k:ApiKey {id: $key.id, name: $key.name, prefix: $key.prefix, sha256: $key.sha256, scopes: $key.scopes})
SET k.createdAt = datetime()
RETURN k {
  .id, .name, .prefix, .scopes,
  createdAt: toString(k.createdAt), lastUsedAt: null, revokedAt: null
} AS key
