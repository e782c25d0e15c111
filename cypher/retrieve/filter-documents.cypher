// The READY documents a search scope's filter admits: title contains (case-insensitive), every listed tag (set at
// ingest), any listed kind (TEXT, SLIDES, SCANNED; set at ingest), ingested on or after / before an instant. Reads
// Document nodes only, one per document, never content. A null parameter does not filter; $docIds (null = every document) narrows to those ids.
// Params: $docIds, $titleContains, $tags, $kinds, $ingestedAfter, $ingestedBefore
// Returns: docId
MATCH (d:Document)
WHERE d.status = 'READY'
  AND ($docIds IS NULL OR d.id IN $docIds)
  AND ($titleContains IS NULL OR toLower(coalesce(d.title, '')) CONTAINS toLower($titleContains))
  AND ($tags IS NULL OR all(tag IN $tags WHERE tag IN coalesce(d.tags, [])))
  AND ($kinds IS NULL OR d.kind IN $kinds)
  AND ($ingestedAfter IS NULL OR d.ingestedAt >= datetime($ingestedAfter))
  AND ($ingestedBefore IS NULL OR d.ingestedAt < datetime($ingestedBefore))
RETURN d.id AS docId
ORDER BY d.ingestedAt DESC, d.id
