// Records the embedding model and dimension the vector indexes were built for, and the applied migrations: those
// recorded before are kept, so a build without a newer migration does not un-apply it for the builds that have it.
// Params: $embeddingModel, $embeddingDimension, $migrations
// Returns: nothing
MERGE (s:FolioSchema {id: 'folio'})
SET s.embeddingModel = $embeddingModel,
    s.embeddingDimension = toInteger($embeddingDimension),
    s.migrations = [m IN coalesce(s.migrations, []) WHERE NOT m IN $migrations] + $migrations,
    s.updatedAt = datetime()
