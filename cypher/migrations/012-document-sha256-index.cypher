// Finds an already-ingested document by the sha256 of its bytes.
// Params: none
// Returns: nothing
CREATE INDEX document_sha256 IF NOT EXISTS FOR (d:Document) ON (d.sha256)
