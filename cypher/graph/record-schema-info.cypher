// Records the embedding model and dimension the vector indexes were built for, and the applied migrations.
// Params: $embeddingModel, $embeddingDimension, $migrations
// Returns: nothing
MERGE (s:FolioSchema {id: 'folio'})
SET s.embeddingModel = $embeddingModel,
    s.embeddingDimension = $embeddingDimension,
    s.migrations = $migrations,
    s.updatedAt = datetime()
