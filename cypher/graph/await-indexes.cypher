// Waits until every index is online (vector and full-text indexes populate in the background).
// Params: $timeoutSeconds
// Returns: nothing
CALL db.awaitIndexes($timeoutSeconds)
