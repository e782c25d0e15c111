// The document with this id (ids derive from the sha256 of the bytes), with its status and last heartbeat.
// Params: $docId
// Returns: document
MATCH (d:Document {id: $docId})
RETURN d {.*, ingestedAt: toString(d.ingestedAt), heartbeatAt: toString(d.heartbeatAt)} AS document
