// How many stored keys are not revoked: with none (and none configured) the API is open on loopback only.
// Params: none
// Returns: active
MATCH (k:ApiKey)
WHERE k.revokedAt IS NULL
RETURN count(k) AS active
