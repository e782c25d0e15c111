// Cosine vector index on Passage.embedding (the retrieval units); the dimension comes from the configured embedder.
// Params: $dimension
// Returns: nothing
CREATE VECTOR INDEX passage_embedding IF NOT EXISTS FOR (n:Passage) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
