// Cosine vector index on Section.embedding; the dimension comes from the configured embedder.
// Params: $dimension
// Returns: nothing
CREATE VECTOR INDEX section_embedding IF NOT EXISTS FOR (n:Section) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
