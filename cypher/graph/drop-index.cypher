// Drops one index by name (a full-text index whose migration now declares another analyzer).
// Params: $name
// Returns: nothing
DROP INDEX $name IF EXISTS
