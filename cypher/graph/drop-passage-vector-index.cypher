// Drops the passage vector index so the re-embed command can recreate it for another model's dimension.
// Params: none
// Returns: nothing
DROP INDEX passage_embedding IF EXISTS
