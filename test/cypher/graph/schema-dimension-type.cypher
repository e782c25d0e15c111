// Tests only: the Cypher value type of the embedding dimension the schema node records.
// Params: none
// Returns: type
MATCH (s:FolioSchema {id: 'folio'})
RETURN valueType(s.embeddingDimension) AS type
