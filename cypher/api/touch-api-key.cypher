// Records that a key was used just now.
// Params: $id
// Returns: nothing
MATCH (k:ApiKey {id: $id})
SET k.lastUsedAt = datetime()
