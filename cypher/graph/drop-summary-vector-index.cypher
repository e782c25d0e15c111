// Drops the summary vector index so the re-embed command can recreate it for another model's dimension.
// Params: none
// Returns: nothing
DROP INDEX summary_embedding IF EXISTS
