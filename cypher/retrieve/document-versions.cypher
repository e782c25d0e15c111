// When each document was last ingested: the offline answer caches a document's vocabulary under this version, so a
// re-ingested document (new ingestedAt) is read again and an unchanged one is not.
// Params: $docIds
// Returns: docId, version
UNWIND $docIds AS docId
MATCH (d:Document {id: docId})
RETURN d.id AS docId, toString(d.ingestedAt) AS version
