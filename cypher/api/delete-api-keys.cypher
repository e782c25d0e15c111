// Removes stored keys by id (tests clean up the keys they created; operators revoke instead).
// Params: $ids
// Returns: deleted
MATCH (k:ApiKey)
WHERE k.id IN $ids
DETACH DELETE k
RETURN count(*) AS deleted
