// Cosine vector index on Page.embedding; the dimension comes from the configured embedder.
// Params: $dimension
// Returns: nothing
CREATE VECTOR INDEX page_embedding IF NOT EXISTS FOR (n:Page) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}}
