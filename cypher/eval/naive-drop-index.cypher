// Drops one of the naive baseline's indexes (the caller passes only its own naive_* names) when it exists.
// Params: $name
// Returns: nothing
DROP INDEX $name IF EXISTS
