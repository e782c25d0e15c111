// Cosine vector index on Element.embedding; the dimension comes from the configured embedder.
// Params: $dimension
// Returns: nothing
CREATE VECTOR INDEX element_embedding IF NOT EXISTS FOR (n:Element) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
