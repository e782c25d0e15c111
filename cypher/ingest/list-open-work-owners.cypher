// The processes that own open ingestion work (QUEUED or RUNNING jobs, INGESTING documents), for the recovery
// sweep to tell dead ones.
// Params: none
// Returns: owners
CALL {
  MATCH (j:IngestionJob) WHERE j.status IN ['QUEUED', 'RUNNING'] RETURN j.owner AS owner
  UNION
  MATCH (d:Document) WHERE d.status = 'INGESTING' RETURN d.owner AS owner
}
WITH owner WHERE owner IS NOT NULL
RETURN collect(owner) AS owners
