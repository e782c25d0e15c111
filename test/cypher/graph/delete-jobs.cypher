// Tests only: deletes the ingestion and enrichment jobs a test created (their ids start with $jobPrefix).
// Params: $jobPrefix
// Returns: deleted
MATCH (j)
WHERE (j:IngestionJob OR j:EnrichmentJob) AND j.id STARTS WITH $jobPrefix
DETACH DELETE j
RETURN count(*) AS deleted
