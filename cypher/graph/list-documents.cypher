// One page of documents whose status is one of $statuses, newest first, for cursor pagination (cursor = ingestedAt
// + id of the last row seen), each with the enrichment stages recorded on it.
// Params: $afterIngestedAt, $afterId, $limit, $statuses
// Returns: document
MATCH (d:Document)
WHERE d.status IN $statuses
  AND ($afterId IS NULL
    OR d.ingestedAt < datetime($afterIngestedAt)
    OR (d.ingestedAt = datetime($afterIngestedAt) AND d.id > $afterId))
RETURN d {.*, ingestedAt: toString(d.ingestedAt), tags: coalesce(d.tags, []), kind: d.kind,
          enrichedStages: COLLECT { MATCH (d)-[:HAS_ENRICHMENT]->(r:EnrichmentRecord) RETURN r.stage }} AS document
ORDER BY d.ingestedAt DESC, d.id ASC
LIMIT toInteger($limit)
