// Cosine vector index on Summary.embedding; the dimension comes from the configured embedder.
// Params: $dimension
// Returns: nothing
CREATE VECTOR INDEX summary_embedding IF NOT EXISTS FOR (n:Summary) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
