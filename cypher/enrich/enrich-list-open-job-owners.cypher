// The processes that own open (QUEUED or RUNNING) enrichment jobs, for the recovery sweep to tell dead ones.
// Params: none
// Returns: owners
MATCH (j:EnrichmentJob)
WHERE j.status IN ['QUEUED', 'RUNNING'] AND j.owner IS NOT NULL
RETURN collect(DISTINCT j.owner) AS owners
