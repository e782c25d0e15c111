// One ingestion job by id.
// Params: $id
// Returns: job
MATCH (j:IngestionJob {id: $id})
RETURN j {.*, createdAt: toString(j.createdAt), updatedAt: toString(j.updatedAt)} AS job
