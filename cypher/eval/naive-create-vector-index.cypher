// Cosine vector index of the naive page-passage baseline (label NaivePassage, apart from Folio's graph); the
// dimension comes from the embedder the benchmark runs with.
// Params: $dimension
// Returns: nothing
CREATE VECTOR INDEX naive_passage_embedding IF NOT EXISTS FOR (n:NaivePassage) ON (n.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine'}}
