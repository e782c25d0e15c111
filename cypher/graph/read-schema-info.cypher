// Reads what the database records about Folio's schema: the embedding model its vectors were made with.
// Params: none
// Returns: embeddingModel, embeddingDimension, migrations
OPTIONAL MATCH (s:FolioSchema {id: 'folio'})
RETURN s.embeddingModel AS embeddingModel, s.embeddingDimension AS embeddingDimension, s.migrations AS migrations
