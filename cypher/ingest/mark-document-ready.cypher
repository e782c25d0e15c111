// Ends an ingestion: the document becomes READY, with its counts and timings.
// Params: $docId, $stats
// Returns: document
MATCH (d:Document {id: $docId})
SET d += $stats, d.status = 'READY', d.heartbeatAt = datetime(), d.stage = null
RETURN d {.*, ingestedAt: toString(d.ingestedAt), heartbeatAt: toString(d.heartbeatAt)} AS document
