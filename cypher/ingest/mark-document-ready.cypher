// Ends an ingestion: the document becomes READY, with its counts (INTEGERs) and where its outline came from.
// Params: $docId, $stats
// Returns: document
MATCH (d:Document {id: $docId})
SET d.elementCount = toInteger($stats.elementCount), d.passageCount = toInteger($stats.passageCount),
    d.sectionCount = toInteger($stats.sectionCount), d.ocrPageCount = toInteger($stats.ocrPageCount),
    d.crossReferenceCount = toInteger($stats.crossReferenceCount), d.outlineSource = $stats.outlineSource,
    d.status = 'READY', d.heartbeatAt = datetime(), d.stage = null
RETURN d {.*, ingestedAt: toString(d.ingestedAt), heartbeatAt: toString(d.heartbeatAt), tags: coalesce(d.tags, []), kind: d.kind}
  AS document
