// Records which embedding model a document's vectors were made with.
// Params: $docId, $model
// Returns: nothing
MATCH (d:Document {id: $docId}) SET d.embeddingModel = $model
